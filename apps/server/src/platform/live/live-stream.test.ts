import { randomBytes } from "node:crypto";
import { API, type RecentOperation } from "@washboard/shared";
import { and, lt, max } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.js";
import { type EventStream, listening, openEventStream } from "../../test/event-stream.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { liveEvents } from "./tables.js";

/**
 * The live stream across two API instances over one database: a call made through one instance
 * reaches the browsers connected to the other, for their tenant only, resumes after a reconnection,
 * and ends with the session. Run over PostgreSQL LISTEN/NOTIFY (or PGlite's) always, and over Redis
 * when REDIS_URL is set.
 */
const buses = [
  { name: "the database", redisUrl: undefined },
  ...(process.env.REDIS_URL ? [{ name: "Redis", redisUrl: process.env.REDIS_URL }] : []),
];

const PATH = API.live.events.path;
const operationOf = (data: string) => JSON.parse(data) as RecentOperation;
const recorded = (action: string) => (e: { event: string; data: string }) =>
  e.event === "operationLog.recorded" && operationOf(e.data).action === action;

describe.each(buses)("live events over $name", ({ redisUrl }) => {
  let server: TestServer;
  let second: FastifyInstance;
  let viaSecond = "";

  beforeAll(async () => {
    // A stream key of its own: parallel test files may share one Redis.
    const redis = redisUrl ? { redisUrl, redisLiveStream: `test:${randomBytes(6).toString("hex")}` } : {};
    server = await startTestServer({ liveHeartbeatMs: 200, ...redis });
    second = await server.secondInstance();
    await server.app.ready();
    viaSecond = await listening(second);
  });
  afterAll(() => server.close());

  it("carries a call made through one instance to the other's streams, to its tenant only", async () => {
    const kl = await openEventStream(viaSecond, PATH, { token: await server.login("vendor_admin") });
    const bkk = await openEventStream(viaSecond, PATH, { token: await server.login("vendor2_admin") });
    const group = await openEventStream(viaSecond, PATH, { token: await server.login("group_admin") });
    expect(kl.status).toBe(200);

    const created = await server.send(
      API.locations.create,
      { name: "Live one", address: "1 Jalan" },
      { as: "vendor_admin" },
    );
    expect(created.http).toBe(200);
    const event = await kl.next(recorded("locations.create"));
    expect(operationOf(event.data)).toMatchObject({
      action: "locations.create",
      outcome: "success",
      actor: "vendor_admin",
    });
    expect(event.id).toBeTruthy();

    // Bangkok's and the group's own consoles are told of their own changes, never Kuala Lumpur's.
    await server.send(API.locations.create, { name: "Live two", address: "2 Thanon" }, { as: "vendor2_admin" });
    await bkk.next(recorded("locations.create"));
    await server.send(
      API.groups.modifyProfile,
      { name: "Demo Group", address: "Live street", c_app_id: "c-app", b_app_id: "b-app" },
      { as: "group_admin" },
    );
    await group.next(recorded("groups.modifyProfile"));
    expect(bkk.events.filter(recorded("locations.create"))).toHaveLength(1);
    expect(kl.events.some(recorded("groups.modifyProfile"))).toBe(false);
    expect(group.events.some(recorded("locations.create"))).toBe(false);
    for (const stream of [kl, bkk, group]) stream.close();
  });

  it("gives a group console the events of the vendor it has chosen", async () => {
    const token = await server.login("group_admin");
    const { kl } = await server.send(API.tenancy.listByGroup, {}, { token }).then((a) => ({
      kl: a.body.result.vendor_list.find((v) => v.name === "Demo Laundry Kuala Lumpur")?.vendor_id,
    }));
    const stream = await openEventStream(viaSecond, PATH, { token, query: `?vendor_id=${kl}` });
    await server.send(API.locations.create, { name: "Chosen", address: "3 Jalan" }, { as: "vendor_admin" });
    await stream.next(recorded("locations.create"));
    stream.close();
  });

  it("resumes after Last-Event-ID with what was missed, in order", async () => {
    const token = await server.login("vendor_admin");
    const first = await openEventStream(viaSecond, PATH, { token });
    await server.send(API.locations.create, { name: "Before", address: "4 Jalan" }, { as: "vendor_admin" });
    const seen = await first.next(recorded("locations.create"));
    first.close();

    await server.send(API.locations.create, { name: "Missed A", address: "5 Jalan" }, { as: "vendor_admin" });
    await server.send(API.locations.create, { name: "Missed B", address: "6 Jalan" }, { as: "vendor_admin" });
    const again = await openEventStream(viaSecond, PATH, { token, lastEventId: seen.id ?? "" });
    await again.next((e) => e.event === "operationLog.recorded" && again.events.length >= 2);
    const resumed = again.events.filter((e) => e.event === "operationLog.recorded").map((e) => operationOf(e.data).id);
    expect(resumed).toHaveLength(2);
    expect(resumed[0]).toBeLessThan(resumed[1] ?? 0);
    again.close();
  });

  it("says reset when what was missed is no longer kept", async () => {
    const token = await server.login("vendor_admin");
    let stale = "1-0";
    if (!redisUrl) {
      const { db } = server.database;
      const [newest] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
      await db.delete(liveEvents).where(and(lt(liveEvents.id, newest?.id ?? 0)));
      stale = "1";
    }
    const stream = await openEventStream(viaSecond, PATH, { token, lastEventId: stale });
    await stream.next((e) => e.event === "reset");
    stream.close();
  });

  it("ends the stream when its session ends, and refuses one without a session", async () => {
    const token = await server.login("vendor_admin");
    const stream = await openEventStream(viaSecond, PATH, { token });
    await server.send(API.auth.logout, {}, { token });
    await stream.next((e) => e.event === "session-ended", 2_000);
    await stream.ended;

    const refused = await fetch(`${viaSecond}${PATH}`, { headers: { "api-key": server.config.apiKey } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

/**
 * Revocation ends a session's open streams at once on every instance: the heartbeat here is a
 * minute, so only the announcement on the bus (`ended-sessions.ts`) can end them within a second.
 */
describe.each(buses)("revoked sessions over $name", ({ redisUrl }) => {
  let server: TestServer;
  let viaFirst = "";
  let viaSecond = "";
  const ENDS_WITHIN_MS = 1_000;
  const sessionEnded = (e: { event: string }) => e.event === "session-ended";

  beforeAll(async () => {
    const redis = redisUrl ? { redisUrl, redisLiveStream: `test:${randomBytes(6).toString("hex")}` } : {};
    server = await startTestServer({ liveHeartbeatMs: 60_000, ...redis });
    const second = await server.secondInstance();
    await server.app.ready();
    viaFirst = await listening(server.app);
    viaSecond = await listening(second);
  });
  afterAll(() => server.close());

  /** A stream of this session on each instance. */
  const onBoth = (token: string) =>
    Promise.all([openEventStream(viaFirst, PATH, { token }), openEventStream(viaSecond, PATH, { token })]);

  async function endsAtOnce(stream: EventStream, since: number) {
    await stream.next(sessionEnded, ENDS_WITHIN_MS);
    await stream.ended;
    expect(Date.now() - since).toBeLessThan(ENDS_WITHIN_MS + 500);
  }

  /** A stream that is still served: a change of its tenant reaches it, and it was not told its session ended. */
  async function stillOpen(stream: EventStream, token: string, name: string) {
    const before = stream.events.length;
    await server.send(API.locations.create, { name, address: "7 Jalan" }, { token });
    await stream.next((e) => recorded("locations.create")(e) && stream.events.indexOf(e) >= before);
    // What is under test is that nothing comes: the bus told this stream of the sign-out before the
    // change above, and the session check it started takes one query, well within this pause.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.some(sessionEnded)).toBe(false);
  }

  it("a sign-out ends that session's streams on both instances at once, and no other session's", async () => {
    const token = await server.login("vendor_admin");
    const other = await server.login("vendor_admin");
    const streams = await onBoth(token);
    const bystander = await openEventStream(viaSecond, PATH, { token: other });
    const since = Date.now();
    expect((await server.send(API.auth.logout, {}, { token })).http).toBe(200);
    for (const stream of streams) await endsAtOnce(stream, since);
    await stillOpen(bystander, other, "After sign-out");
    bystander.close();
  });

  it("disabling or removing an account from another admin ends its streams on both instances at once", async () => {
    const admin = { as: "vendor_admin" };
    const listed = await server.send(API.subAccounts.list, { keyword: "vendor_sub" }, admin);
    const sub = listed.body.result.items.find((a) => a.username === "vendor_sub");
    if (!sub?.role_id) throw new Error("vendor_sub not found");

    const disabledStreams = await onBoth(await server.login("vendor_sub"));
    const disabling = Date.now();
    const disabled = await server.send(API.subAccounts.modify, { id: sub.id, status: "disabled" }, admin);
    expect(disabled.http, JSON.stringify(disabled.body)).toBe(200);
    for (const stream of disabledStreams) await endsAtOnce(stream, disabling);
    await server.send(API.subAccounts.modify, { id: sub.id, status: "enabled" }, admin);

    const created = await server.send(
      API.subAccounts.create,
      {
        username: "live_gone",
        email: "live_gone@demo.test",
        nickname: "Live gone",
        password: "secret12",
        confirm_password: "secret12",
        role_id: sub.role_id,
      },
      admin,
    );
    expect(created.http, JSON.stringify(created.body)).toBe(200);
    const removedStreams = await onBoth(await server.login("live_gone", "secret12"));
    const removing = Date.now();
    expect((await server.send(API.subAccounts.remove, { id: created.body.result.id }, admin)).http).toBe(200);
    for (const stream of removedStreams) await endsAtOnce(stream, removing);
  });

  it("a new password ends the account's other sessions' streams at once, and not the changing session's", async () => {
    const changing = await server.login("vendor2_admin");
    const other = await server.login("vendor2_admin");
    const own = await openEventStream(viaSecond, PATH, { token: changing });
    const others = await onBoth(other);
    const since = Date.now();
    const changed = await server.send(
      API.auth.modifyOwn,
      { old_pwd: DEMO_PASSWORD, new_pwd: "changed123", confirm_new_pwd: "changed123" },
      { token: changing },
    );
    expect(changed.body.result).toMatchObject({ password_changed: true });
    for (const stream of others) await endsAtOnce(stream, since);
    await stillOpen(own, changing, "After password");
    own.close();
  });
});
