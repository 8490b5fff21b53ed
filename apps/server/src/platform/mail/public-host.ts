import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { networkInterfaces } from "node:os";

/**
 * Addresses a group's mail settings may not make this server connect to: every range that is not
 * the public internet — loopback, private, link-local, shared (CGNAT), the IETF's and the
 * documentation ranges, benchmark, multicast and reserved — and the host's own addresses. Without
 * this, a group admin could use "send test email" to probe the server's own network.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  // IPv4-translated forms (NAT64, 6to4) could reach any IPv4 address, private ones too.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv6");
}

/** This host's own addresses, public ones included (its own services are no mail server of a group's). */
function ownAddresses(): Set<string> {
  return new Set(
    Object.values(networkInterfaces())
      .flat()
      .flatMap((entry) => (entry ? [entry.address.toLowerCase()] : [])),
  );
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return true;
  if (ownAddresses().has(address.toLowerCase())) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Refused: the host is, or resolves to, an address on a private network. */
export class PrivateHostError extends Error {}

/**
 * The address to connect to for `host`, resolved once here so the check and the connection see the
 * same address (a name cannot resolve to a public address for the check and a private one after).
 */
export async function publicAddressOf(host: string, allowPrivate: boolean): Promise<string> {
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  const first = addresses[0]?.address;
  if (!first) throw new PrivateHostError(`${host} has no address`);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new PrivateHostError(`${host} is on a private network`);
  }
  return first;
}
