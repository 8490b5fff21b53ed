/** Sent in hello, so support can tell which bridge a counter PC runs; follows package.json's version. */
export const BRIDGE_VERSION = "0.1.0";
