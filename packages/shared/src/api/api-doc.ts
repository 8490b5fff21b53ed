import { ERROR_STATUS } from "../errors.js";
import type { EndpointContract } from "./contract.js";
import { ALL_ENDPOINTS, endpointId } from "./registry.js";

function access(contract: EndpointContract): string {
  const { access } = contract;
  if (access.kind === "public") return "public";
  if (access.kind === "member") return "member app (token_type 2)";
  const levels = access.levels
    ? `${access.levels.length === 1 ? "level" : "levels"} ${access.levels.join(", ")}`
    : "any signed-in level";
  const { permission } = access;
  if (permission === undefined) return levels;
  if (typeof permission === "string") return `${levels}; level 4 needs \`${permission}\``;
  const keys = permission.oneOf.map((k) => `\`${k}\``).join(", ");
  return `${levels}; level 4 needs one of ${keys}, and is answered only the records of those it holds`;
}

/** docs/api.md, generated from the contract registry so it cannot drift from the code. */
export function renderApiDoc(endpoints: readonly EndpointContract[] = ALL_ENDPOINTS): string {
  const rows = endpoints.map(
    (c) =>
      `| \`${c.method} ${c.path}\` | \`${endpointId(c)}\` | ${access(c)} | ${c.mutates ? "yes" : "no"} | ${c.summary} |`,
  );
  const errors = Object.entries(ERROR_STATUS).map(([code, status]) => `| \`${code}\` | ${status} |`);
  return [
    "# API",
    "",
    "Generated from `packages/shared/src/api` by `npm run docs:api`; a test fails when this file is stale.",
    "The OpenAPI document with every payload and result schema is served at `/api/openapi.json` and",
    "rendered at `#/open/tools/apidoc`.",
    "",
    "## Conventions",
    "",
    "- Every `/api/*` call carries the `api-key` header (its value is the server's `API_KEY`).",
    "- Signed-in calls carry `token` and `token_type: 1` in the payload (the body for POST, the query for GET), or `Authorization: Bearer <token>`.",
    "- Levels 6 and 7 may add `vendor_id` to act on one vendor of their group; another group's vendor answers `NOT_FOUND`.",
    "- Success: `{ status: 200, result, server_time }`. Error: `{ status, code, message, field?, message_key?, server_time }`, where `status` equals the HTTP status.",
    "- Every call marked _logged_ writes an operation-log row (actor, action id, target, outcome, error code, address, time), whatever its outcome.",
    "",
    "## Calls",
    "",
    "| call | action id | who may call | logged | what it does |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    "## Error codes",
    "",
    "| code | HTTP status |",
    "|---|---|",
    ...errors,
    "",
  ].join("\n");
}
