import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../seed/demo.js";
import { type FreshDatabase, freshDatabase } from "../../test/fresh-database.js";
import { rolledBack } from "../../test/rolled-back.js";
import type { Tx } from "../db/client.js";

/**
 * Which writes raise which cache keys (cache-versions.sql beside this file), one case each: the
 * write, and the keys whose version it raised. The world: Demo Group with its vendors Kuala Lumpur
 * (KL) and Bangkok (BKK); KL's shop A with washer W1, its location, alliance, pay QR code, price
 * template and Stripe settings; BKK's empty shop C; the group's brand; KL's role "Shop supervisor";
 * vendor_admin signed in. Each case runs in a transaction rolled back afterwards.
 */
const KL = "(select id from vendors where name = 'Demo Laundry Kuala Lumpur')";
const BKK = "(select id from vendors where name = 'Demo Laundry Bangkok')";
const DEMO_GROUP = "(select id from groups where name = 'Demo Group')";

const CASES: [rule: string, write: string, raises: string[]][] = [
  [
    "a new shop raises its vendor's key",
    `insert into shops (vendor_id, name, address, service_type) values (${KL}, 'New shop', '2 Jalan Baru', 1)`,
    ["v:KL"],
  ],
  [
    "a shop changed raises its vendor's key",
    "update shops set name = 'Shop A renamed' where name = 'Shop A'",
    ["v:KL"],
  ],
  [
    "a shop moved to another vendor raises both vendors' keys",
    `update shops set vendor_id = ${BKK} where name = 'Shop A'`,
    ["v:BKK", "v:KL"],
  ],
  ["a shop removed raises its vendor's key", "delete from shops where name = 'Shop C'", ["v:BKK"]],
  [
    "a location changed raises its vendor's key",
    "update locations set name = 'Upstairs' where name = 'Location A'",
    ["v:KL"],
  ],
  [
    "an alliance changed raises its vendor's key",
    "update alliances set name = 'Friends' where name = 'Alliance A'",
    ["v:KL"],
  ],
  [
    "a pay QR code changed raises its vendor's key",
    "update pay_qr_codes set name = 'Door' where name = 'QR A'",
    ["v:KL"],
  ],
  [
    "a price template changed raises its vendor's key",
    "update price_templates set price = 900 where model_name = 'Template A'",
    ["v:KL"],
  ],
  [
    "a provider's settings changed raise their vendor's key",
    "update vendor_payment_settings set discount = 5 where provider = 'stripe'",
    ["v:KL"],
  ],
  ["a machine renamed raises its vendor's key", "update devices set name = 'Washer one' where name = 'W1'", ["v:KL"]],
  [
    "a machine going online raises nothing: no kept answer shows it",
    "update devices set presence = 'online' where name = 'W1'",
    [],
  ],
  [
    "a brand changed raises its group's key and every vendor's of the group",
    "update brands set name = 'Bubbles' where name = 'Brand X'",
    ["g:Demo", "v:BKK", "v:KL"],
  ],
  [
    "a vendor changed raises its own key and its group's",
    `update vendors set phone = '+60 3-0000 0000' where id = ${KL}`,
    ["g:Demo", "v:KL"],
  ],
  [
    "a group changed raises its key and every vendor's of it",
    `update groups set address = '2 Harbour Road' where id = ${DEMO_GROUP}`,
    ["g:Demo", "v:BKK", "v:KL"],
  ],
  [
    "a new account raises nothing: no kept value holds it yet",
    `insert into accounts (username, nickname, level, vendor_id, password_hash) values ('newcomer', 'New', 3, ${KL}, 'x')`,
    [],
  ],
  [
    "an account changed raises its key",
    "update accounts set nickname = 'Vera K' where username = 'vendor_admin'",
    ["a:vendor_admin"],
  ],
  [
    "a role changed raises its key and its vendor's",
    "update roles set description = 'Runs shops' where name = 'Shop supervisor'",
    ["r:Shop supervisor", "v:KL"],
  ],
  ["a session signed out raises its account's key", "update sessions set revoked_at = now()", ["a:vendor_admin"]],
  [
    "a session's last use raises nothing: a read writes it once a minute",
    "update sessions set last_seen_at = now()",
    [],
  ],
  ["a session removed raises its account's key", "delete from sessions", ["a:vendor_admin"]],
];

let fresh: FreshDatabase;

beforeAll(async () => {
  fresh = await freshDatabase();
  const { db } = fresh.database;
  await fresh.database.migrate();
  await seedDemo(db);
  const world = [
    `insert into shops (vendor_id, name, address, service_type) values (${KL}, 'Shop A', '1 Jalan A', 1), (${BKK}, 'Shop C', '3 Thanon C', 1)`,
    `insert into devices (vendor_id, shop_id, name, serial_number, machine_type)
      select ${KL}, id, 'W1', 'CV-W1', 'washer' from shops where name = 'Shop A'`,
    `insert into locations (vendor_id, name, address) values (${KL}, 'Location A', '1 Jalan A')`,
    `insert into alliances (vendor_id, name, type) values (${KL}, 'Alliance A', 1)`,
    `insert into pay_qr_codes (vendor_id, code, name, shop_id) select ${KL}, 'CVQR1', 'QR A', id from shops where name = 'Shop A'`,
    `insert into price_templates (vendor_id, model_name, display_price, price, estimated_minutes) values (${KL}, 'Template A', 800, 800, 30)`,
    `insert into vendor_payment_settings (vendor_id, provider) values (${KL}, 'stripe')`,
    `insert into brands (group_id, name, longitude, latitude, service_time, country, province, city, address, contact_phone)
      values (${DEMO_GROUP}, 'Brand X', '101.7', '3.1', '08:00-22:00', 'Malaysia', 'Selangor', 'Kuala Lumpur', '1 Jalan Ampang', '+60 3 0000 0000')`,
    `insert into sessions (token_hash, account_id, expires_at)
      select 'cache-versions-test', id, now() + interval '1 day' from accounts where username = 'vendor_admin'`,
  ];
  for (const statement of world) await db.execute(sql.raw(statement));
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

async function rows<Row>(tx: Tx, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every key's version, the keys named as the cases name them. */
async function versions(tx: Tx): Promise<Map<string, number>> {
  const named = await rows<{ key: string; version: string }>(
    tx,
    sql`select case
          when c.key = 'v:' || kl.id then 'v:KL' when c.key = 'v:' || bkk.id then 'v:BKK'
          when c.key = 'g:' || g.id then 'g:Demo'
          when c.key like 'a:%' then 'a:' || coalesce((select username from accounts where 'a:' || id = c.key), c.key)
          when c.key like 'r:%' then 'r:' || coalesce((select name from roles where 'r:' || id = c.key), c.key)
          else c.key end as key,
        c.version
      from cache_versions c,
        (select id from vendors where name = 'Demo Laundry Kuala Lumpur') kl,
        (select id from vendors where name = 'Demo Laundry Bangkok') bkk,
        (select id from groups where name = 'Demo Group') g`,
  );
  return new Map(named.map((row) => [row.key, Number(row.version)]));
}

describe("the cache versions", () => {
  it.each(CASES)("%s", async (_rule, write, raises) => {
    const raised = await rolledBack(fresh.database.db, async (tx) => {
      const before = await versions(tx);
      await tx.execute(sql.raw(write));
      const after = await versions(tx);
      return [...after].filter(([key, version]) => version !== before.get(key)).map(([key]) => key);
    });
    expect(raised.sort()).toEqual([...raises].sort());
  });
});
