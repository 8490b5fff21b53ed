import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { backupThroughServer } from "../modules/backup/public.js";
import { provisionRoute } from "../modules/devices/public.js";
import {
  type BackupManifest,
  backupStream,
  pgliteOf,
  refuseExistingFile,
  restoreBackup,
  writeBackupFile,
} from "../platform/backup/backup-file.js";
import type { Config } from "../platform/config.js";
import { embeddedDatabaseFolder, openDatabase } from "../platform/db/client.js";

/**
 * `npm run cli -- backup FILE` and `restore FILE [--data-dir DIR]`: the file format and restore are
 * platform/backup/backup-file.ts; a running embedded server is asked through the backup module's
 * admin endpoint. Paths on the command line are taken from where the command was typed.
 */

const typedIn = () => process.env.INIT_CWD ?? process.cwd();

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const PG_DUMP_HOWTO = [
  "Back up the database with PostgreSQL's own tools, on a machine that reaches it:",
  '  pg_dump --format=custom --file=washboard.dump "$DATABASE_URL"',
  "and restore it into a new, empty database with:",
  '  pg_restore --no-owner --dbname="$NEW_DATABASE_URL" washboard.dump',
  'docs/operations.md, "Backups and restore", has the whole procedure.',
];

/** What a backup holds, as one line. */
function contents(manifest: BackupManifest): string {
  const parts = [
    manifest.database.included
      ? `the embedded database (PostgreSQL ${manifest.database.postgres_version}, ${size(manifest.database.bytes)})`
      : "no database (the install uses PostgreSQL)",
    manifest.secret_key.included ? "the secret key" : "no secret key",
    `${manifest.uploads.files} uploaded file${manifest.uploads.files === 1 ? "" : "s"} (${size(manifest.uploads.bytes)})`,
  ];
  return parts.join(", ");
}

function backupWarnings(manifest: BackupManifest): string[] {
  const lines: string[] = [];
  if (manifest.secret_key.included) {
    lines.push(
      "WARNING: this file holds the secret key that unseals the stored payment-provider credentials (and the",
      "mail and broker passwords). Anyone who has the file can read them: keep it like a password, readable",
      "by you only, on encrypted or offline storage, never in a shared or public place.",
    );
  } else if (manifest.secret_key.source === "SECRET_KEY") {
    lines.push(
      "NOTE: the secret key is NOT in this backup: the server takes it from SECRET_KEY. Keep that value",
      "separately, like a password. A restore without it cannot unseal the stored payment secrets.",
    );
  }
  if (!manifest.database.included) {
    lines.push("", "The database is NOT in this backup: with DATABASE_URL it lives in PostgreSQL.", ...PG_DUMP_HOWTO);
  }
  return lines;
}

export async function backupCommand(config: Config, args: string[], usage: string): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [name] = positionals;
  if (name === undefined || positionals.length > 1) {
    throw new Error(`backup needs one file to write: npm run cli -- backup FILE\n\n${usage}`);
  }
  const file = path.resolve(typedIn(), name);
  refuseExistingFile(file);
  let written: Awaited<ReturnType<typeof writeBackupFile>>;
  let how: string;
  const route = await provisionRoute(config);
  if (route.via === "busy") throw new Error(route.reason);
  if (route.via === "server") {
    written = await backupThroughServer(route, file);
    how = `by the running server at ${route.baseUrl}`;
  } else if (config.databaseUrl) {
    written = await writeBackupFile(
      backupStream({
        dataDir: config.dataDir,
        secretKeyFromEnvironment: config.secretKey !== undefined,
        pglite: undefined,
        how: "cli",
      }),
      file,
    );
    how = `of ${config.dataDir}`;
  } else {
    const folder = embeddedDatabaseFolder(config.dataDir);
    if (!fs.existsSync(path.join(folder, "PG_VERSION"))) {
      throw new Error(
        `There is no embedded database in ${config.dataDir} (no ${folder}): nothing to back up. ` +
          "Set DATA_DIR to the install's data directory.",
      );
    }
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      written = await writeBackupFile(
        backupStream({
          dataDir: config.dataDir,
          secretKeyFromEnvironment: config.secretKey !== undefined,
          pglite: pgliteOf(database),
          how: "cli",
        }),
        file,
      );
    } finally {
      await database.close();
    }
    how = `of ${config.dataDir} (no server running)`;
  }
  console.log(`Backup written ${how}: ${file} (${size(written.bytes)}).`);
  console.log(`It holds ${contents(written.manifest)}.`);
  if (written.manifest.database.included) {
    console.log(`The database was copied in ${written.manifest.database.copy_ms} ms (its queries waited meanwhile).`);
  }
  const warnings = backupWarnings(written.manifest);
  if (warnings.length > 0) console.log(["", ...warnings].join("\n"));
}

export async function restoreCommand(config: Config, args: string[], usage: string): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { "data-dir": { type: "string" } },
  });
  const [name] = positionals;
  if (name === undefined || positionals.length > 1) {
    throw new Error(`restore needs one backup file: npm run cli -- restore FILE [--data-dir DIR]\n\n${usage}`);
  }
  const file = path.resolve(typedIn(), name);
  const target = values["data-dir"] === undefined ? config.dataDir : path.resolve(typedIn(), values["data-dir"]);
  const { manifest, dataDir } = await restoreBackup(file, target);
  const made = `made ${manifest.created_at} on ${manifest.made_by.host} of ${manifest.made_by.data_dir}`;
  const lines = [`Restored ${file} (${made}) into ${dataDir}.`, `It held ${contents(manifest)}.`];
  if (manifest.database.included) {
    lines.push(`Start the server with DATA_DIR=${dataDir} (and without DATABASE_URL).`);
    if (config.databaseUrl) {
      lines.push(
        "NOTE: DATABASE_URL is set here: a server started with it uses that PostgreSQL database, not the restored one.",
      );
    }
  } else {
    lines.push(
      "",
      "The database is NOT in this backup (the install used PostgreSQL): restore it with pg_restore into a new,",
      `empty database, then start the server with DATABASE_URL naming it and DATA_DIR=${dataDir}.`,
      'docs/operations.md, "Backups and restore", has the whole procedure.',
    );
  }
  if (manifest.secret_key.included) {
    const restoredKey = Buffer.from(fs.readFileSync(path.join(dataDir, "secret.key"), "utf8").trim(), "base64");
    if (config.secretKey !== undefined && !Buffer.from(config.secretKey, "base64").equals(restoredKey)) {
      lines.push(
        "",
        "WARNING: SECRET_KEY is set in this environment and is not the backup's key: a server started with it",
        "cannot unseal the stored payment secrets. Unset SECRET_KEY (the server then uses the restored",
        `${path.join(dataDir, "secret.key")}) or set it to that key.`,
      );
    }
    lines.push("", `The restored ${path.join(dataDir, "secret.key")} unseals the stored secrets: keep it private.`);
  } else if (manifest.secret_key.source === "SECRET_KEY") {
    lines.push(
      "",
      "The secret key is NOT in this backup (the install took it from SECRET_KEY): start the server with the",
      "same SECRET_KEY, or the stored payment secrets cannot be unsealed.",
    );
  }
  console.log(lines.join("\n"));
}
