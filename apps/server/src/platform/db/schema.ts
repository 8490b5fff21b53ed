/** Every table, for Drizzle's relational queries and drizzle-kit. Tables live in their modules. */

export * from "../../modules/accounts/tables.js";
export * from "../../modules/alliances/tables.js";
export * from "../../modules/auth/tables.js";
export * from "../../modules/brands/tables.js";
export * from "../../modules/devices/tables.js";
export * from "../../modules/ecards/tables.js";
export * from "../../modules/email-config/tables.js";
export * from "../../modules/locations/tables.js";
export * from "../../modules/operation-log/tables.js";
export * from "../../modules/payment-providers/tables.js";
export * from "../../modules/payqr/tables.js";
export * from "../../modules/price-templates/tables.js";
export * from "../../modules/shops/tables.js";
export * from "../../modules/system-config/tables.js";
export * from "../../modules/tenancy/tables.js";
export * from "../../modules/uploads/tables.js";
export * from "../../modules/washer-catalogue/tables.js";
