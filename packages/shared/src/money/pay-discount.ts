/**
 * What a payment costs through a provider the vendor gave a pay discount (1–99 percent off, spec
 * §5), in the same minor units as the price: rounded to the nearest unit, never below one (no
 * provider takes a payment of nothing). The pay page shows it and the server charges it.
 */
export function discountedPrice(price: number, percentOff: number | null | undefined): number {
  if (!percentOff) return price;
  return Math.max(1, Math.round((price * (100 - percentOff)) / 100));
}
