export { deleteVendorRoles, findVendorRole, roleKeysOf, roleNameOf } from "./queries.js";
export { assertWithinOwnKeys } from "./service.js";
