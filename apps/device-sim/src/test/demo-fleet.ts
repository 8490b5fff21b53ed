import { type TemplateForMachine, templateParams } from "@washboard/shared";

/**
 * The demo fleet as the server writes it to DATA_DIR/demo-fleet.json (apps/server/src/seed/demo-fleet.ts):
 * each demo shop's machines, with their vendor's currency and coin (RM 1.00 is 100 sen, ฿10 is 10
 * whole baht) and their price template as the parameters the server pushes (`templateParams`) —
 * the templates of apps/server/src/seed/demo-shops.ts. The server's own test
 * (apps/server/src/seed/demo-restart.test.ts) checks the file it really writes the same way.
 */

/** The demo's price templates, amounts in minor units of their vendor's currency. */
export const DEMO_TEMPLATES = {
  /** Kuala Lumpur "Wash 10 kg": RM 7.00 for 35 minutes; extra rinse +RM 1.00 and 5 minutes, hot water +RM 2.00. */
  klWash: {
    price: 700,
    display_price: 800,
    estimated_minutes: 35,
    extra_params: "",
    options: [
      { added_price: 100, added_minutes: 5 },
      { added_price: 200, added_minutes: 0 },
    ],
  },
  /** Kuala Lumpur "Dry 30 minutes": RM 5.00. */
  klDry: { price: 500, display_price: 600, estimated_minutes: 30, extra_params: "", options: [] },
  /** Bangkok "ซัก 14 กก.": ฿50 for 40 minutes (dryers run it too: the vendor has no dry template). */
  bangkokWash: { price: 50, display_price: 60, estimated_minutes: 40, extra_params: "", options: [] },
} satisfies Record<string, TemplateForMachine>;

export interface DemoShop {
  id: number;
  currency: "MYR" | "THB";
  /** The vendor's coin, minor units. */
  coin: number;
  /** The template each machine type runs; none for kiosks, vending machines and changers. */
  templates: Partial<Record<string, TemplateForMachine>>;
  /** The first demo shop also has a vending machine and a coin exchanger. */
  first: boolean;
}

const kl = (id: number, first = false): DemoShop => ({
  id,
  currency: "MYR",
  coin: 100,
  templates: { washer: DEMO_TEMPLATES.klWash, combo: DEMO_TEMPLATES.klWash, dryer: DEMO_TEMPLATES.klDry },
  first,
});

/** Three shops of Demo Laundry Kuala Lumpur (MYR), one of Demo Laundry Bangkok (THB). */
export const DEMO_SHOPS: readonly DemoShop[] = [
  kl(1, true),
  kl(2),
  kl(3),
  {
    id: 4,
    currency: "THB",
    coin: 10,
    templates: {
      washer: DEMO_TEMPLATES.bangkokWash,
      combo: DEMO_TEMPLATES.bangkokWash,
      dryer: DEMO_TEMPLATES.bangkokWash,
    },
    first: false,
  },
];

/** What each demo shop has standing in it (SHOP_FLOOR and EXTRA_IN_FIRST_SHOP of demo-fleet.ts). */
const FLOOR = [
  ["washer", 3],
  ["dryer", 2],
  ["combo", 1],
  ["kiosk", 1],
] as const;
const EXTRA_IN_FIRST_SHOP = [
  ["vending_machine", 1],
  ["coin_exchanger", 1],
] as const;

export interface DemoMachine {
  shop: DemoShop;
  template: TemplateForMachine | null;
  /** The machine's entry of the fleet file, as JSON. */
  entry: { serial: string; secret: string; machine_type: string; firmware: string } & Record<string, unknown>;
}

export const DEMO_MACHINES: readonly DemoMachine[] = DEMO_SHOPS.flatMap((shop) =>
  [...FLOOR, ...(shop.first ? EXTRA_IN_FIRST_SHOP : [])].flatMap(([type, count]) =>
    Array.from({ length: count }, (_, n) => {
      const template = shop.templates[type] ?? null;
      return {
        shop,
        template,
        entry: {
          serial: `WB-${shop.id}-${type.slice(0, 3).toUpperCase()}-${n + 1}`,
          secret: "demo-secret",
          machine_type: type,
          firmware: "2.4.1",
          currency: shop.currency,
          coin: shop.coin,
          ...(template ? { params: templateParams(template) } : {}),
        },
      };
    }),
  ),
);
