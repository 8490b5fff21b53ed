import { formatMoney, minorUnits } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { parseFleet } from "./fleet-file.js";
import { profileFor } from "./machine-profiles.js";
import { templatePrograms } from "./purchase.js";
import { DEMO_MACHINES, DEMO_SHOPS } from "./test/demo-fleet.js";
import { salesOf, tradeOffline } from "./trading.js";

/**
 * Issue 25, point 8: the live demo showed absurd revenue — Bangkok machines charged ฿350–1,150 a
 * cycle against a ฿50 template (amounts of a two-decimal currency in whole baht), Kuala Lumpur's
 * "today" grew ten times too fast (the demo's time scale applied to customers) and a machine charged
 * RM 6.00 against a template of RM 7.00. Here the demo fleet, read from its fleet file, trades for a
 * whole day on a manual clock (milliseconds, no waiting) at the time scales a demo runs at, and its
 * money is reconciled with the templates.
 */

/**
 * A normal day's takings of one demo shop: its machines' paid uses a day (USES_PER_DAY) at their
 * templates' prices — about ฿2,000 for the Bangkok shop, RM 300 to RM 750 for a Kuala Lumpur one of
 * nine to sixteen machines — within a day's ups and downs and the options customers add. Ten times
 * the pace, or a price in the wrong unit, is far outside.
 */
const NORMAL_DAY_BAND = [0.6, 1.7] as const;
function normalDayOf(shop: (typeof DEMO_SHOPS)[number]): number {
  return DEMO_MACHINES.filter((machine) => machine.shop === shop).reduce((sum, { entry, template }) => {
    const profile = profileFor(entry.machine_type);
    // A machine without a template (vending) sells a coin or two a use.
    return sum + profile.usesPerDay * (template ? template.price : 2 * shop.coin);
  }, 0);
}

const fleet = parseFleet(
  DEMO_MACHINES.map((machine) => machine.entry),
  "demo-fleet.json",
);
const machineOf = new Map(DEMO_MACHINES.map((machine) => [machine.entry.serial, machine]));

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

describe.each([1, 10, 60])("a day of the demo fleet at time scale %i", (timeScale) => {
  const events = tradeOffline(fleet, { hours: 24, timeScale, seed: 25 });
  const sales = salesOf(events);

  it("charges every cycle its machine's price template price, in the vendor's currency and minor unit", () => {
    let onTemplate = 0;
    for (const sale of sales) {
      const machine = machineOf.get(sale.serial);
      if (!machine) throw new Error(`${sale.serial} is not a demo machine`);
      const { shop, template } = machine;
      if (template) {
        // The template's program, or the program with one option: the pay page's list.
        const programs = templatePrograms(profileFor(machine.entry.machine_type), template);
        expect(programs, `${sale.serial} ${sale.program}`).toContainEqual({
          program: sale.program,
          price: sale.price,
          minutes: sale.minutes,
        });
        onTemplate++;
      } else {
        // A machine without a template (the vending machine) prices in the vendor's coins.
        expect(sale.price % shop.coin, sale.serial).toBe(0);
      }
    }
    expect(onTemplate).toBeGreaterThan(0.9 * sales.length);
    // Bangkok charges whole baht (฿50 a wash, ฿40 a dry), Kuala Lumpur RM 7.00 a wash, RM 5.00 a dry, more with an option.
    const pricesIn = (currency: string) =>
      new Set(sales.filter((s) => machineOf.get(s.serial)?.shop.currency === currency).map((s) => s.price));
    expect([...pricesIn("THB")].every((price) => [40, 50, 60, 70, 90].includes(price))).toBe(true);
    expect(pricesIn("THB")).toContain(50);
    expect([...pricesIn("MYR")].every((price) => price >= 100 && price <= 1_400)).toBe(true);
    expect(pricesIn("MYR")).toContain(700);
    expect(pricesIn("MYR")).toContain(500);
  });

  it("takes card debits and coins worth each cycle's price, in the vendor's coins", () => {
    const bySerial = groupBy(events, (e) => e.serial);
    let cards = 0;
    for (const [serial, own] of bySerial) {
      const machine = machineOf.get(serial);
      if (!machine) throw new Error(`${serial} is not a demo machine`);
      let paidInCoins = 0;
      let tapped: number | null = null;
      for (const { event } of own) {
        if (event.type === "coin_inserted" || event.type === "note_inserted") {
          expect(event.amount % machine.shop.coin).toBe(0);
          paidInCoins += event.amount;
        } else if (event.type === "card_used") {
          tapped = event.amount;
          cards++;
        } else if (event.type === "cycle_started") {
          if (event.start_type === "card") expect(event.price).toBe(tapped);
          else expect(paidInCoins).toBeGreaterThanOrEqual(event.price);
          paidInCoins = 0;
          tapped = null;
        }
      }
    }
    expect(cards).toBeGreaterThan(0);
  });

  it("takes a normal day's money in every shop, whatever the time scale: ringgit in Kuala Lumpur, baht in Bangkok", () => {
    const takings = DEMO_SHOPS.map((shop) => {
      const total = sales
        .filter((sale) => machineOf.get(sale.serial)?.shop === shop)
        .reduce((sum, sale) => sum + sale.price, 0);
      return { shop, total, shown: formatMoney(total, shop.currency) };
    });
    for (const { shop, total, shown } of takings) {
      const normal = normalDayOf(shop);
      const [low, high] = NORMAL_DAY_BAND;
      const about = `shop ${shop.id}: ${shown}, normal ${formatMoney(normal, shop.currency)}`;
      expect(total, about).toBeGreaterThanOrEqual(low * normal);
      expect(total, about).toBeLessThanOrEqual(high * normal);
    }
    // In whole units: a Bangkok day is some two thousand baht, a Kuala Lumpur shop's some hundreds of ringgit.
    const bangkok = takings.find((t) => t.shop.currency === "THB");
    expect(bangkok?.total).toBeGreaterThanOrEqual(minorUnits(1_000, "THB"));
    expect(bangkok?.total).toBeLessThanOrEqual(minorUnits(3_500, "THB"));
  });

  it("sells a few cycles a machine an hour at most, and a handful a day", () => {
    const perMachineHour = groupBy(sales, (sale) => `${sale.serial} ${Math.floor(sale.atMs / 3_600_000)}`);
    expect(Math.max(...[...perMachineHour.values()].map((inHour) => inHour.length))).toBeLessThanOrEqual(6);
    const perMachine = groupBy(sales, (sale) => sale.serial);
    for (const [serial, own] of perMachine) expect(own.length, serial).toBeLessThanOrEqual(30);
  });
});
