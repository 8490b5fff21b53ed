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
  ])("%s is private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "172.32.0.1", "203.0.114.7", "2001:4860:4860::8888", "::ffff:8.8.4.4"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it("refuses a name that resolves to loopback, and lets it through when allowed", async () => {
    await expect(publicAddressOf("localhost", false)).rejects.toBeInstanceOf(PrivateHostError);
    expect(["127.0.0.1", "::1"]).toContain(await publicAddressOf("localhost", true));
    expect(await publicAddressOf("8.8.8.8", false)).toBe("8.8.8.8");
  });
});
