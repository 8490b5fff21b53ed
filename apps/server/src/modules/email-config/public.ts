export { groupMailConfigured, sendGroupMail } from "./service.js";
