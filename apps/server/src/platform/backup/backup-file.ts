import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { z } from "zod";
import { type Database, embeddedDatabaseFolder } from "../db/client.js";
import { secretKeyFile } from "../secrets/secret-box.js";
import { uploadsFolder } from "../storage/file-store.js";
import { readTar, TarError, tarEnd, tarEntry } from "./tar.js";

/**
 * A Washboard backup: one gzip-compressed tar (`tar -tzf` lists it) holding, in this order,
 *
 * - `washboard-backup.json`: the manifest — format name and version, when and where it was made,
 *   and what is inside (always the first entry: a reader knows at once whether a file is one);
 * - `database/pgdata.tar`: the embedded database's files (PGlite's `dumpDataDir`), absent with
 *   PostgreSQL (DATABASE_URL), whose own `pg_dump` backs it up;
 * - `secret.key`: DATA_DIR/secret.key, the key that unseals the secrets stored in the database
 *   (absent when SECRET_KEY gives the key);
 * - `uploads/…`: every uploaded file, at its path under DATA_DIR/uploads;
 * - `SHA256SUMS`: the SHA-256 of every entry above (`sha256sum -c` reads it), always last.
 *
 * A restore reads the whole file and checks it against its manifest and checksums before it writes
 * anything, then writes into an empty or new data directory only.
 */
export const BACKUP_FORMAT = "washboard-backup";
export const BACKUP_VERSION = 1;

const MANIFEST_ENTRY = "washboard-backup.json";
const DATABASE_ENTRY = "database/pgdata.tar";
const KEY_ENTRY = "secret.key";
const UPLOADS_PREFIX = "uploads/";
const SUMS_ENTRY = "SHA256SUMS";
const MAX_MANIFEST_BYTES = 1 << 20;
/** A file or folder name under uploads/ a backup carries (the store writes nothing else). */
const SAFE_NAME = /^[0-9A-Za-z][0-9A-Za-z._-]{0,199}$/;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  created_at: z.string(),
  made_by: z.object({
    how: z.enum(["server", "cli"]),
    host: z.string(),
    pid: z.number().int(),
    data_dir: z.string(),
  }),
  database: z.discriminatedUnion("included", [
    z.object({
      included: z.literal(true),
      engine: z.literal("pglite"),
      postgres_version: z.string(),
      entry: z.literal(DATABASE_ENTRY),
      bytes: z.number().int().nonnegative(),
      /** How long the copy held the database (its queries waited), in milliseconds. */
      copy_ms: z.number().int().nonnegative(),
    }),
    z.object({ included: z.literal(false), engine: z.literal("postgres"), note: z.string() }),
  ]),
  secret_key: z.discriminatedUnion("included", [
    z.object({ included: z.literal(true), entry: z.literal(KEY_ENTRY) }),
    z.object({ included: z.literal(false), source: z.enum(["SECRET_KEY", "none"]), note: z.string() }),
  ]),
  uploads: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A backup that cannot be read or restored; the message says why, in plain words, for the operator. */
export class BackupRefused extends Error {}

export const POSTGRES_DATABASE_NOTE =
  "With DATABASE_URL the database lives in PostgreSQL: back it up with pg_dump -Fc and restore it with pg_restore (docs/operations.md, Backups and restore).";

/** What to back up: DATA_DIR, and the embedded database's handle (none with PostgreSQL). */
export interface BackupSource {
  dataDir: string;
  /** SECRET_KEY gives the key: it is not in DATA_DIR, and not in the backup. */
  secretKeyFromEnvironment: boolean;
  /** The open embedded database; undefined with PostgreSQL (DATABASE_URL). */
  pglite: PGlite | undefined;
  /** The running server writes it (admin endpoint), or the CLI with the database to itself. */
  how: "server" | "cli";
}

/** The PGlite handle behind an embedded database, or undefined with PostgreSQL. */
export function pgliteOf(database: Database): PGlite | undefined {
  if (database.driver !== "pglite") return undefined;
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error("the embedded database's PGlite handle is not reachable");
  return client;
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The database's files as one tar, copied at one instant. */
async function dumpEmbedded(client: PGlite): Promise<{ tar: Buffer; postgresVersion: string; copyMs: number }> {
  const version = await client.query<{ server_version: string }>("show server_version");
  // Every page written out: the copy needs less of the log replayed when it is first opened.
  await client.exec("CHECKPOINT");
  // Holding the transaction lock, no query or transaction runs while the files are copied: the copy
  // is the database at one instant, with every committed transaction (commits write the log at once).
  const started = performance.now();
  const blob = await client._runExclusiveTransaction(() => client.dumpDataDir("none"));
  const copyMs = Math.round(performance.now() - started);
  return {
    tar: Buffer.from(await blob.arrayBuffer()),
    postgresVersion: version.rows[0]?.server_version ?? "unknown",
    copyMs,
  };
}

interface UploadFile {
  /** Its path under DATA_DIR/uploads, with "/". */
  relative: string;
  full: string;
  size: number;
}

/** The uploaded files, in a stable order; half-written ones (`*.tmp`) and strange names are left out. */
async function listUploads(root: string): Promise<UploadFile[]> {
  const found: UploadFile[] = [];
  async function walk(folder: string, relative: string): Promise<void> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!SAFE_NAME.test(entry.name) || entry.name.endsWith(".tmp")) continue;
      const full = path.join(folder, entry.name);
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(full, name);
      else if (entry.isFile()) found.push({ relative: name, full, size: (await fsp.stat(full)).size });
    }
  }
  await walk(root, "");
  return found;
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await fsp.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function* archiveBlocks(source: BackupSource): AsyncGenerator<Buffer> {
  const createdAt = new Date();
  const database = source.pglite ? await dumpEmbedded(source.pglite) : undefined;
  const key = source.secretKeyFromEnvironment ? undefined : await readIfPresent(secretKeyFile(source.dataDir));
  const uploads = await listUploads(uploadsFolder(source));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: createdAt.toISOString(),
    made_by: { how: source.how, host: os.hostname(), pid: process.pid, data_dir: path.resolve(source.dataDir) },
    database: database
      ? {
          included: true,
          engine: "pglite",
          postgres_version: database.postgresVersion,
          entry: DATABASE_ENTRY,
          bytes: database.tar.length,
          copy_ms: database.copyMs,
        }
      : { included: false, engine: "postgres", note: POSTGRES_DATABASE_NOTE },
    secret_key: key
      ? { included: true, entry: KEY_ENTRY }
      : source.secretKeyFromEnvironment
        ? {
            included: false,
            source: "SECRET_KEY",
            note: "The server takes its key from SECRET_KEY: keep that value separately; a restore needs it.",
          }
        : { included: false, source: "none", note: "DATA_DIR held no secret.key (nothing was ever sealed)." },
    uploads: { files: uploads.length, bytes: uploads.reduce((sum, file) => sum + file.size, 0) },
  };
  const sums: string[] = [];
  function* entry(name: string, data: Buffer): Generator<Buffer> {
    sums.push(`${sha256(data)}  ${name}`);
    yield* tarEntry(name, data, createdAt);
  }
  yield* entry(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  if (database) yield* entry(DATABASE_ENTRY, database.tar);
  if (key) yield* entry(KEY_ENTRY, key);
  for (const file of uploads) {
    const data = await readIfPresent(file.full);
    if (data === undefined || data.length !== file.size) {
      throw new Error(`The uploaded file ${file.full} changed while the backup was written: run the backup again.`);
    }
    yield* entry(`${UPLOADS_PREFIX}${file.relative}`, data);
  }
  yield* tarEntry(SUMS_ENTRY, Buffer.from(`${sums.join("\n")}\n`), createdAt);
  yield tarEnd();
}

/**
 * The backup of `source` as a gzip stream (what the admin endpoint sends and the CLI writes). A
 * failure part-way destroys the stream with the error: what was written is then no backup.
 */
export function backupStream(source: BackupSource): Readable {
  const gzip = createGzip();
  pipeline(Readable.from(archiveBlocks(source)), gzip).catch(() => {
    // pipeline has destroyed `gzip` with the error: its reader sees it.
  });
  return gzip;
}

/** Writes what a backup stream yields to `file` (a new file, readable by its owner only), checked, whole or not at all. */
export async function writeBackupFile(
  stream: Readable | AsyncIterable<Uint8Array>,
  file: string,
): Promise<{ manifest: BackupManifest; bytes: number }> {
  const target = path.resolve(file);
  refuseExistingFile(target);
  const temp = `${target}.partial-${process.pid}`;
  try {
    await pipeline(stream, fs.createWriteStream(temp, { flags: "wx", mode: 0o600 }));
    const manifest = await readBackupFile(temp);
    refuseExistingFile(target);
    await fsp.rename(temp, target);
    return { manifest, bytes: (await fsp.stat(target)).size };
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

/** A backup is never written over an existing file (an older backup, or anything else). */
export function refuseExistingFile(target: string): void {
  if (fs.existsSync(target)) {
    throw new BackupRefused(`${target} already exists: backups never overwrite a file. Choose a new file name.`);
  }
  const folder = path.dirname(target);
  if (!fs.existsSync(folder)) throw new BackupRefused(`The folder ${folder} does not exist: create it first.`);
}

/** What a restore does with each entry; the verifying read has none. */
interface BackupVisitor {
  database?(tar: Buffer): Promise<void>;
  secretKey?(data: Buffer): Promise<void>;
  upload?(relative: string, data: Buffer): Promise<void>;
}

function parseManifest(file: string, data: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(data.toString("utf8"));
  } catch {
    throw new BackupRefused(`${file} is damaged: its manifest (${MANIFEST_ENTRY}) is not readable JSON.`);
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== BACKUP_FORMAT) {
    throw new BackupRefused(`${file} is not a Washboard backup (its manifest does not name the format).`);
  }
  if (head.data.version !== BACKUP_VERSION) {
    throw new BackupRefused(
      `${file} is a Washboard backup of format version ${head.data.version}; this Washboard reads version ${BACKUP_VERSION}` +
        (head.data.version > BACKUP_VERSION ? ": restore it with the newer Washboard that made it." : "."),
    );
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) throw new BackupRefused(`${file} is damaged: its manifest is incomplete.`);
  return manifest.data;
}

/** uploads/<safe>/<safe>…, or undefined for any other name. */
function uploadPathOf(name: string): string | undefined {
  if (!name.startsWith(UPLOADS_PREFIX)) return undefined;
  const relative = name.slice(UPLOADS_PREFIX.length);
  const parts = relative.split("/");
  return parts.length > 0 && parts.every((part) => SAFE_NAME.test(part) && !part.includes("..")) ? relative : undefined;
}

async function readChecked(file: string, visit: BackupVisitor): Promise<BackupManifest> {
  const gunzip = createGunzip();
  pipeline(fs.createReadStream(file), gunzip).catch(() => {
    // The reader of `gunzip` sees the error.
  });
  let manifest: BackupManifest | undefined;
  let sums: string | undefined;
  const seen = new Map<string, string>();
  let uploads = 0;
  let uploadBytes = 0;
  let databaseBytes: number | undefined;
  let keySeen = false;
  const accept = (name: string, size: number) => {
    if (manifest === undefined) {
      if (name !== MANIFEST_ENTRY || size > MAX_MANIFEST_BYTES) {
        throw new BackupRefused(`${file} is not a Washboard backup (it does not begin with ${MANIFEST_ENTRY}).`);
      }
      return;
    }
    if (sums !== undefined) throw new BackupRefused(`${file} is damaged: it goes on after its ${SUMS_ENTRY}.`);
    const known = name === DATABASE_ENTRY || name === KEY_ENTRY || name === SUMS_ENTRY || uploadPathOf(name);
    if (!known || seen.has(name)) {
      throw new BackupRefused(
        `${file} holds an unexpected entry "${name}": it was altered, or is not a Washboard backup.`,
      );
    }
  };
  for await (const { name, data } of readTar(gunzip, accept)) {
    if (manifest === undefined) {
      manifest = parseManifest(file, data);
      seen.set(name, sha256(data));
      continue;
    }
    if (name === SUMS_ENTRY) {
      sums = data.toString("utf8");
      continue;
    }
    seen.set(name, sha256(data));
    if (name === DATABASE_ENTRY) {
      databaseBytes = data.length;
      await visit.database?.(data);
    } else if (name === KEY_ENTRY) {
      if (Buffer.from(data.toString("utf8").trim(), "base64").length !== 32) {
        throw new BackupRefused(`${file} is damaged: its secret.key is not a 32-byte key.`);
      }
      keySeen = true;
      await visit.secretKey?.(data);
    } else {
      uploads++;
      uploadBytes += data.length;
      await visit.upload?.(uploadPathOf(name) as string, data);
    }
  }
  if (manifest === undefined) throw new BackupRefused(`${file} is not a Washboard backup (it is an empty archive).`);
  if (sums === undefined) throw new BackupRefused(`${file} is damaged: it ends before its ${SUMS_ENTRY} (cut short?).`);
  const listed = new Map(
    sums
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => [line.slice(66), line.slice(0, 64)] as const),
  );
  for (const [name, hash] of seen) {
    if (listed.get(name) !== hash) throw new BackupRefused(`${file} is damaged: ${name} does not match its checksum.`);
  }
  if (listed.size !== seen.size) throw new BackupRefused(`${file} is damaged: some of its files are missing.`);
  const database = manifest.database;
  const missing =
    (database.included ? databaseBytes !== database.bytes : databaseBytes !== undefined) ||
    manifest.secret_key.included !== keySeen ||
    uploads !== manifest.uploads.files ||
    uploadBytes !== manifest.uploads.bytes;
  if (missing) throw new BackupRefused(`${file} is damaged: what it holds differs from its manifest.`);
  return manifest;
}

/**
 * Reads a whole backup file and checks it (format, manifest, every checksum): its manifest, or a
 * BackupRefused saying in plain words what is wrong with it. With `visit`, hands on each entry.
 */
export async function readBackupFile(file: string, visit: BackupVisitor = {}): Promise<BackupManifest> {
  const handle = await fsp.open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new BackupRefused(
      error.code === "ENOENT" ? `There is no file ${file}.` : `${file} cannot be read: ${error.message}.`,
    );
  });
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    if (bytesRead < 2 || buffer[0] !== 0x1f || buffer[1] !== 0x8b) {
      throw new BackupRefused(`${file} is not a Washboard backup (it is not a gzip-compressed archive).`);
    }
  } finally {
    await handle.close();
  }
  try {
    return await readChecked(file, visit);
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    if (error instanceof TarError) throw new BackupRefused(`${file} is damaged: ${error.message}.`);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string" && code.startsWith("Z_")) {
      throw new BackupRefused(`${file} is damaged: its compressed data is broken (${(error as Error).message}).`);
    }
    throw error;
  }
}

/** The data directory a restore may write: a new one, or an empty one. */
function refuseNonEmptyTarget(target: string): void {
  let entries: string[];
  try {
    if (!fs.statSync(target).isDirectory()) {
      throw new BackupRefused(`${target} is a file, not a folder: restore into a new or empty folder.`);
    }
    entries = fs.readdirSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (entries.length > 0) {
    const shown = entries.slice(0, 3).join(", ") + (entries.length > 3 ? ", …" : "");
    throw new BackupRefused(
      `${target} is not empty (it holds ${shown}): a restore never overwrites an install. ` +
        "Restore into a new or empty folder (--data-dir), or move this one aside first.",
    );
  }
}

async function loadEmbedded(target: string, tar: Buffer, manifest: BackupManifest): Promise<void> {
  const version = manifest.database.included ? manifest.database.postgres_version : "unknown";
  let client: PGlite | undefined;
  try {
    client = new PGlite(embeddedDatabaseFolder(target), { loadDataDir: new Blob([tar]) });
    await client.waitReady;
    await client.query("select count(*) from pg_class");
  } catch (error) {
    throw new BackupRefused(
      `The backup's database (PostgreSQL ${version}) could not be opened by this Washboard's embedded database: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  } finally {
    await client?.close().catch(() => {});
  }
}

export interface Restored {
  manifest: BackupManifest;
  dataDir: string;
}

/**
 * Restores a backup into `dataDir`, which must not exist or be empty. The file is read and checked
 * whole before anything is written; a failure while writing removes what the restore wrote.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<Restored> {
  const source = path.resolve(file);
  const target = path.resolve(dataDir);
  refuseNonEmptyTarget(target);
  const manifest = await readBackupFile(source);
  const created = !fs.existsSync(target);
  try {
    await fsp.mkdir(target, { recursive: true, mode: 0o700 });
    let databaseTar: Buffer | undefined;
    await readBackupFile(source, {
      database: async (tar) => {
        databaseTar = tar;
      },
      secretKey: (data) => fsp.writeFile(secretKeyFile(target), data, { mode: 0o600, flag: "wx" }),
      upload: async (relative, data) => {
        const destination = path.join(uploadsFolder({ dataDir: target }), ...relative.split("/"));
        await fsp.mkdir(path.dirname(destination), { recursive: true });
        await fsp.writeFile(destination, data, { flag: "wx" });
      },
    });
    if (databaseTar) await loadEmbedded(target, databaseTar, manifest);
  } catch (error) {
    if (created) await fsp.rm(target, { recursive: true, force: true });
    else {
      for (const entry of await fsp.readdir(target)) {
        await fsp.rm(path.join(target, entry), { recursive: true, force: true });
      }
    }
    throw error;
  }
  return { manifest, dataDir: target };
}
