/** The public face of the roles module: all another module may import of it (src/architecture.test.ts checks). */
export * from "./ports.js";
export { deleteVendorRoles, findVendorRole, roleKeysOf, roleNameOf } from "./queries.js";
export { assertWithinOwnKeys, createRole } from "./service.js";
