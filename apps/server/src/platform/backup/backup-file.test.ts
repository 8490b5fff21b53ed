import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { backupStream, readBackupFile, restoreBackup, writeBackupFile } from "./backup-file.js";
import { readTar, tarEnd, tarEntry } from "./tar.js";

/**
 * The backup file without a database (what an install on PostgreSQL gets): its key and uploads go
 * round, and a file that is not whole, altered, foreign or newer is refused before anything is
 * written. The embedded database's round trip is the backup module's test, on a running server.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), "wb-backup-file-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const KEY = `${randomBytes(32).toString("base64")}\n`;
const LONG_KEY = `${"a".repeat(120)}.png`;

function install(name: string): string {
  const dataDir = path.join(work, name);
  fs.mkdirSync(path.join(dataDir, "uploads", "ab"), { recursive: true });
  fs.mkdirSync(path.join(dataDir, "uploads", "aa"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "secret.key"), KEY, { mode: 0o600 });
  fs.writeFileSync(path.join(dataDir, "uploads", "ab", "abcdef.png"), randomBytes(3000));
  // Longer than a plain tar header's 100 characters: a pax header carries the name.
  fs.writeFileSync(path.join(dataDir, "uploads", "aa", LONG_KEY), randomBytes(10));
  // Half-written by the store: left out.
  fs.writeFileSync(path.join(dataDir, "uploads", "ab", "abcdef.png.1.2.tmp"), "half");
  return dataDir;
}

async function backupOf(dataDir: string, file: string, secretKeyFromEnvironment = false) {
  return writeBackupFile(backupStream({ dataDir, secretKeyFromEnvironment, pglite: undefined, how: "cli" }), file);
}

/** The archive's entries, as a restore reads them. */
async function entriesOf(file: string) {
  const entries: { name: string; data: Buffer }[] = [];
  const chunks = (async function* () {
    yield gunzipSync(fs.readFileSync(file));
  })();
  for await (const entry of readTar(chunks)) entries.push(entry);
  return entries;
}

function pack(entries: { name: string; data: Buffer }[]): Buffer {
  const when = new Date();
  return gzipSync(Buffer.concat([...entries.flatMap((e) => tarEntry(e.name, e.data, when)), tarEnd()]));
}

const tree = (dir: string): Record<string, string> =>
  Object.fromEntries(
    (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, full), fs.readFileSync(full).toString("base64")];
      }),
  );

describe("a backup file", () => {
  const original = install("original");
  const file = path.join(work, "key-and-uploads.tar.gz");

  it("carries the key and the uploads, and restores them into a new data directory", async () => {
    const written = await backupOf(original, file);
    expect(written.manifest).toMatchObject({
      format: "washboard-backup",
      version: 1,
      database: { included: false, engine: "postgres" },
      secret_key: { included: true },
      uploads: { files: 2, bytes: 3010 },
    });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await entriesOf(file)).map((e) => e.name)).toEqual([
      "washboard-backup.json",
      "secret.key",
      `uploads/aa/${LONG_KEY}`,
      "uploads/ab/abcdef.png",
      "SHA256SUMS",
    ]);
    const restored = path.join(work, "restored");
    await restoreBackup(file, restored);
    const expected = tree(original);
    delete expected[path.join("uploads", "ab", "abcdef.png.1.2.tmp")];
    expect(tree(restored)).toEqual(expected);
    expect(fs.statSync(path.join(restored, "secret.key")).mode & 0o777).toBe(0o600);
  });

  it("leaves the key out when SECRET_KEY gives it, and says so", async () => {
    const { manifest } = await backupOf(original, path.join(work, "no-key.tar.gz"), true);
    expect(manifest.secret_key).toMatchObject({ included: false, source: "SECRET_KEY" });
    expect((await entriesOf(path.join(work, "no-key.tar.gz"))).map((e) => e.name)).not.toContain("secret.key");
  });

  it("never overwrites a file", async () => {
    await expect(backupOf(original, file)).rejects.toThrow(`${file} already exists: backups never overwrite a file`);
  });

  it("is refused when altered, cut short, foreign or of a newer format, and nothing is written", async () => {
    const entries = await entriesOf(file);
    const altered = entries.map((e) => (e.name === "uploads/ab/abcdef.png" ? { ...e, data: randomBytes(3000) } : e));
    const manifest = JSON.parse((entries[0] as { data: Buffer }).data.toString("utf8"));
    const newer = [{ name: "washboard-backup.json", data: Buffer.from(JSON.stringify({ ...manifest, version: 2 })) }];
    const bytes = fs.readFileSync(file);
    const cases: [string, Buffer, string][] = [
      ["altered", pack(altered), "is damaged: uploads/ab/abcdef.png does not match its checksum"],
      ["without-sums", pack(entries.slice(0, -1)), "is damaged: it ends before its SHA256SUMS"],
      ["cut", bytes.subarray(0, Math.floor(bytes.length / 2)), "is damaged"],
      ["text", Buffer.from("not a backup\n"), "is not a Washboard backup (it is not a gzip-compressed archive)"],
      [
        "foreign",
        pack([{ name: "notes.txt", data: Buffer.from("hello") }]),
        "is not a Washboard backup (it does not begin with washboard-backup.json)",
      ],
      ["newer", pack(newer), "is a Washboard backup of format version 2; this Washboard reads version 1"],
    ];
    for (const [name, data, message] of cases) {
      const bad = path.join(work, `${name}.tar.gz`);
      fs.writeFileSync(bad, data);
      const target = path.join(work, `target-${name}`);
      await expect(restoreBackup(bad, target), name).rejects.toThrow(message);
      expect(fs.existsSync(target), `${name} wrote nothing`).toBe(false);
    }
  });

  it("is never restored over an install", async () => {
    const target = path.join(work, "occupied");
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "keep.txt"), "mine");
    await expect(restoreBackup(file, target)).rejects.toThrow(`${target} is not empty (it holds keep.txt)`);
    expect(tree(target)).toEqual({ "keep.txt": Buffer.from("mine").toString("base64") });
  });

  it("is checked whole by reading it", async () => {
    await expect(readBackupFile(path.join(work, "missing.tar.gz"))).rejects.toThrow("There is no file");
    await expect(readBackupFile(file)).resolves.toMatchObject({ uploads: { files: 2 } });
  });
});
