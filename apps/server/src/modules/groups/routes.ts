import { API, type GroupProfile } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { AppError } from "../../platform/http/app-error.js";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { findGroup } from "../tenancy/queries.js";
import { groups } from "../tenancy/tables.js";

type GroupRow = typeof groups.$inferSelect;

const toProfile = (g: GroupRow): GroupProfile => ({
  id: g.id,
  name: g.name,
  address: g.address,
  c_app_id: g.cAppId,
  b_app_id: g.bAppId,
});

/** /group/index: the signed-in account's own group; there is no way to name another. */
export function groupRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.group.profile, async (_input, ctx) => {
    const group = await findGroup(db, signedIn(ctx).actor.groupId);
    if (!group) throw new AppError("NOT_FOUND");
    return toProfile(group);
  });

  r.handle(API.group.modifyProfile, async (input, ctx) => {
    const { actor } = signedIn(ctx);
    if (actor.groupId === null) throw new AppError("NOT_FOUND");
    ctx.audit.target = `group:${actor.groupId}`;
    ctx.audit.vendorId = null;
    const [row] = await db
      .update(groups)
      .set({ name: input.name, address: input.address, cAppId: input.c_app_id, bAppId: input.b_app_id })
      .where(eq(groups.id, actor.groupId))
      .returning();
    if (!row) throw new AppError("NOT_FOUND");
    return toProfile(row);
  });
}
