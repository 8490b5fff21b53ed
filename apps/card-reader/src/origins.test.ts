import { describe, expect, it } from "vitest";
import { DEFAULT_ALLOWED_ORIGINS, originAllowed, parseAllowedOrigin } from "./origins.js";

describe("originAllowed", () => {
  it("lets in programs that send no Origin and the console served from this PC on any port", () => {
    for (const origin of [
      undefined,
      "http://localhost:5173",
      "http://localhost",
      "http://127.0.0.1:4173",
      "https://localhost:8443",
      "HTTP://LOCALHOST:5173",
    ]) {
      expect(originAllowed(origin, DEFAULT_ALLOWED_ORIGINS), String(origin)).toBe(true);
    }
  });

  it("refuses other sites, look-alikes and opaque origins", () => {
    for (const origin of [
      "https://evil.example",
      "http://localhost.evil.example",
      "https://127.0.0.1:5173",
      "http://127.0.0.2:5173",
      "null",
      "",
    ]) {
      expect(originAllowed(origin, DEFAULT_ALLOWED_ORIGINS), origin).toBe(false);
    }
  });

  it("matches an exact origin, default ports included", () => {
    const allowed = ["https://console.example.com"];
    expect(originAllowed("https://console.example.com", allowed)).toBe(true);
    expect(originAllowed("https://console.example.com:443", allowed)).toBe(true);
    expect(originAllowed("https://console.example.com:8443", allowed)).toBe(false);
    expect(originAllowed("http://console.example.com", allowed)).toBe(false);
  });
});

describe("parseAllowedOrigin", () => {
  it("takes origins, with a port or any port", () => {
    expect(parseAllowedOrigin("https://Console.Example.com")).toBe("https://console.example.com");
    expect(parseAllowedOrigin("https://console.example.com/")).toBe("https://console.example.com");
    expect(parseAllowedOrigin("http://192.168.1.20:8080")).toBe("http://192.168.1.20:8080");
    expect(parseAllowedOrigin("http://counter-pc:*")).toBe("http://counter-pc:*");
  });

  it("refuses what is not an origin", () => {
    for (const text of ["console.example.com", "https://console.example.com/app", "ftp://x", "https://x:1:*", "*"]) {
      expect(() => parseAllowedOrigin(text), text).toThrow(/--allow-origin/);
    }
  });
});
