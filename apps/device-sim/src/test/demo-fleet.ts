import { type TemplateForMachine, templateParams } from "@washboard/shared";

/**
 * The demo fleet as the server writes it to DATA_DIR/demo-fleet.json (apps/server/src/seed/demo-fleet.ts):
 * each demo shop's machines, with their vendor's currency and coin (RM 1.00 is 100 sen, ฿10 is 10
 * whole baht) and their price template as the parameters the server pushes (`templateParams`) —
 * the templates of apps/server/src/seed/demo-shops.ts, one per machine type. The server's own test
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
  /** Kuala Lumpur "Wash & Dry 10 kg": RM 12.00 for 80 minutes; 10 minutes more drying +RM 2.00. */
  klCombo: {
    price: 1200,
    display_price: 1300,
    estimated_minutes: 80,
    extra_params: "",
    options: [{ added_price: 200, added_minutes: 10 }],
  },
  /** Bangkok "ซัก 14 กก.": ฿50 for 40 minutes; warm water +฿10, hot water +฿20 and 5 minutes, delicates +฿10 and 10 minutes. */
  bangkokWash: {
    price: 50,
    display_price: 60,
    estimated_minutes: 40,
    extra_params: "",
    options: [
      { added_price: 10, added_minutes: 0 },
      { added_price: 20, added_minutes: 5 },
      { added_price: 10, added_minutes: 10 },
    ],
  },
  /** Bangkok "อบ 30 นาที": ฿40; ten minutes more +฿10. */
  bangkokDry: {
    price: 40,
    display_price: 50,
    estimated_minutes: 30,
    extra_params: "",
    options: [{ added_price: 10, added_minutes: 10 }],
  },
  /** Bangkok "ซัก+อบ 14 กก.": ฿90 for 85 minutes. */
  bangkokCombo: { price: 90, display_price: 100, estimated_minutes: 85, extra_params: "", options: [] },
} satisfies Record<string, TemplateForMachine>;

type Floor = readonly (readonly [type: string, count: number])[];

export interface DemoShop {
  id: number;
  currency: "MYR" | "THB";
  /** The vendor's coin, minor units. */
  coin: number;
  /** The template each machine type runs; none for kiosks, vending machines and changers. */
  templates: Partial<Record<string, TemplateForMachine>>;
  /** What stands in the shop (FLOORS of demo-fleet.ts). */
  floor: Floor;
}

const kl = (id: number, floor: Floor): DemoShop => ({
  id,
  currency: "MYR",
  coin: 100,
  templates: { washer: DEMO_TEMPLATES.klWash, dryer: DEMO_TEMPLATES.klDry, combo: DEMO_TEMPLATES.klCombo },
  floor,
});

/**
 * Five shops of Demo Laundry Kuala Lumpur (MYR, 61 machines), then the one of Demo Laundry Bangkok
 * (THB): their ids in the order the demo creates them.
 */
export const DEMO_SHOPS: readonly DemoShop[] = [
  kl(1, [
    ["washer", 6],
    ["dryer", 4],
    ["combo", 2],
    ["kiosk", 1],
    ["vending_machine", 1],
    ["coin_exchanger", 1],
  ]),
  kl(2, [
    ["washer", 4],
    ["dryer", 3],
    ["combo", 1],
    ["kiosk", 1],
  ]),
  kl(3, [
    ["washer", 5],
    ["dryer", 4],
    ["combo", 1],
    ["kiosk", 1],
    ["vending_machine", 1],
  ]),
  kl(4, [
    ["washer", 6],
    ["dryer", 5],
    ["combo", 2],
    ["kiosk", 1],
    ["vending_machine", 1],
    ["coin_exchanger", 1],
  ]),
  kl(5, [
    ["washer", 4],
    ["dryer", 3],
    ["combo", 1],
    ["kiosk", 1],
  ]),
  {
    id: 6,
    currency: "THB",
    coin: 10,
    templates: {
      washer: DEMO_TEMPLATES.bangkokWash,
      dryer: DEMO_TEMPLATES.bangkokDry,
      combo: DEMO_TEMPLATES.bangkokCombo,
    },
    floor: [
      ["washer", 3],
      ["dryer", 2],
      ["combo", 1],
      ["kiosk", 1],
    ],
  },
];

export interface DemoMachine {
  shop: DemoShop;
  template: TemplateForMachine | null;
  /** The machine's entry of the fleet file, as JSON. */
  entry: { serial: string; secret: string; machine_type: string; firmware: string } & Record<string, unknown>;
}

export const DEMO_MACHINES: readonly DemoMachine[] = DEMO_SHOPS.flatMap((shop) =>
  shop.floor.flatMap(([type, count]) =>
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
