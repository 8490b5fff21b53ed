import { defineModule } from "../../platform/module.js";
import { registerAdminBackup } from "./admin-backup.js";
import * as provides from "./public.js";

/**
 * Backups of a running embedded install: the admin endpoint `npm run cli -- backup` asks while the
 * server holds the database (the file format and restore are platform/backup/backup-file.ts).
 */
export const backupModule = defineModule({
  name: "backup",
  provides,
  routes: (r, deps) => registerAdminBackup(r.app, deps),
});
