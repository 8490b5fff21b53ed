/** The public face of the email-config module: all another module may import of it (src/architecture.test.ts checks). */
export { groupMailConfigured, sendGroupMail } from "./service.js";
