import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { isPrivateAddress, PrivateHostError, publicAddressOf } from "./public-host.js";

describe("mail server addresses", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.5",
    "172.16.3.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    // The documentation ranges, and IPv6 forms that reach IPv4.
    "192.0.2.25",
    "198.51.100.25",
    "203.0.113.25",
    "2001:db8::25",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
  ])("%s is private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "172.32.0.1", "203.0.114.7", "2001:4860:4860::8888", "::ffff:8.8.4.4"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it("counts the host's own addresses as its own, whatever their range", () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .flatMap((entry) => (entry ? [entry.address] : []));
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(isPrivateAddress(address), address).toBe(true);
  });

  it("refuses a name that resolves to loopback, and lets it through when allowed", async () => {
    await expect(publicAddressOf("localhost", false)).rejects.toBeInstanceOf(PrivateHostError);
    expect(["127.0.0.1", "::1"]).toContain(await publicAddressOf("localhost", true));
    expect(await publicAddressOf("8.8.8.8", false)).toBe("8.8.8.8");
  });
});
