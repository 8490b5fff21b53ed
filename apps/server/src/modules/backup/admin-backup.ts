import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import type { FastifyInstance } from "fastify";
import {
  type BackupManifest,
  BackupRefused,
  backupStream,
  pgliteOf,
  refuseExistingFile,
  writeBackupFile,
} from "../../platform/backup/backup-file.js";
import type { AppDeps } from "../../platform/module.js";
import { isAdminRequest } from "../devices/public.js";

/**
 * Backing up a running embedded install. PGlite belongs to one process, so while the server runs
 * `npm run cli -- backup` cannot open DATA_DIR: it asks the server, as provision-device does (the
 * devices module's admin-provision.ts: DATA_DIR/admin.json names the server's port and a token only
 * its owner can read). The server writes the backup from its own database handle and sends it;
 * anyone but the CLI on this machine with that token gets a bare 403.
 */
export const ADMIN_BACKUP_PATH = "/admin/backup";

export function registerAdminBackup(app: FastifyInstance, deps: AppDeps): void {
  // One at a time: a backup holds the database's copy in memory while it is sent.
  let sending = false;
  app.post(ADMIN_BACKUP_PATH, {
    schema: { hide: true },
    onRequest: async (request, reply) => {
      if (!isAdminRequest(app, request)) return reply.code(403).send();
    },
    handler: async (request, reply) => {
      if (sending) {
        const message = "This server is already writing a backup: try again when it is done.";
        return reply.code(409).type("application/json").send({ status: 409, message });
      }
      sending = true;
      const stream = backupStream({
        dataDir: deps.config.dataDir,
        secretKeyFromEnvironment: deps.config.secretKey !== undefined,
        pglite: pgliteOf(deps.database),
        how: "server",
      });
      stream.once("close", () => {
        sending = false;
      });
      stream.once("error", (error) => request.log.error({ err: error }, "backup failed while it was sent"));
      request.log.info("backup requested by the admin CLI");
      return reply.header("content-type", "application/gzip").header("cache-control", "no-store").send(stream);
    },
  });
}

/** Asks the running server for a backup and writes it to `file` (checked, whole or not at all). */
export async function backupThroughServer(
  route: { baseUrl: string; token: string },
  file: string,
): Promise<{ manifest: BackupManifest; bytes: number }> {
  refuseExistingFile(file);
  const response = await fetch(`${route.baseUrl}${ADMIN_BACKUP_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${route.token}` },
  });
  if (response.status === 403) {
    throw new Error(`The server at ${route.baseUrl} refused the admin token (is DATA_DIR the server's?).`);
  }
  if (!response.ok || response.body === null) {
    const refusal = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(refusal.message ?? `The server answered HTTP ${response.status} instead of a backup.`);
  }
  try {
    return await writeBackupFile(Readable.fromWeb(response.body as ReadableStream), file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof BackupRefused && /already exists|does not exist/.test(reason)) throw error;
    throw new Error(
      `The server's backup did not arrive whole (${reason}); no backup was written. The server's log says why.`,
    );
  }
}
