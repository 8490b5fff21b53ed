import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live, behind one small interface: the disk store below today; an
 * S3-compatible store (put = PutObject, get = GetObject, delete = DeleteObject) can take its place
 * without touching the upload and serving code. Keys are content-addressed names
 * ("<sha256>.png"), so a put of an existing key writes the same bytes and can be skipped.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or undefined when no file has that key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-z][0-9a-z._-]{0,127}$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

/** Files under one folder (DATA_DIR/uploads), spread over sub-folders by the key's first two characters. */
export function diskFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, checkKey(key).slice(0, 2), key);
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside and rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** The folder of the server's uploaded files (backups carry it). */
export function uploadsFolder(config: { dataDir: string }): string {
  return path.join(config.dataDir, "uploads");
}

/** The server's upload store: DATA_DIR/uploads. */
export function uploadStore(config: { dataDir: string }): FileStore {
  return diskFileStore(uploadsFolder(config));
}
