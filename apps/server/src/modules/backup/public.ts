/** The public face of the backup module: what the CLI uses (src/architecture.test.ts checks). */
export { ADMIN_BACKUP_PATH, backupThroughServer } from "./admin-backup.js";
