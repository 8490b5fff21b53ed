/** Business constants and limits of spec §9, shared by the server's schemas and the console's forms. */
export const LIMITS = {
  loginPassword: { min: 4, max: 20 },
  username: { min: 4, max: 20 },
  accountPassword: { min: 6, max: 16 },
  newPasswordMin: 4,
  /** Nickname and password inputs are capped at 20 characters. */
  inputMax: 20,
  discount: { min: 1, max: 99 },
  feeRate: { min: 0, max: 0.99 },
  /** Machine values and ports must be below this. */
  portExclusiveMax: 65535,
  brandImages: 1,
  shopImages: 6,
  merchantName: { max: 64 },
  /** Image uploads: at most this many bytes, and only these types (checked by their magic bytes). */
  uploadImageMaxBytes: 2 * 1024 * 1024,
  /** Firmware files uploaded to the server (a controller's image is a few MB). */
  uploadFirmwareMaxBytes: 64 * 1024 * 1024,
  /** Per-field image counts of spec §5. */
  imageCounts: {
    brandLogo: 1,
    brandIcon: 1,
    ecardImage: 1,
    shopIcon: 1,
    shopImages: 6,
    priceTemplateIcon: 1,
    inviteBackground: 1,
  },
  /** Spec §5 "price template count has a maximum" (its number is not given; this is ours). */
  priceTemplatesPerVendor: 30,
  /** Options in a price template's second-level menu. */
  priceTemplateOptions: 12,
  /** Brand coordinates, in decimal degrees. */
  longitude: { min: -180, max: 180 },
  latitude: { min: -90, max: 90 },
} as const;

export const TIMING = {
  requestTimeoutMs: 70_000,
  toastSeconds: 3,
  clockTickMs: 1_000,
  cardReaderReconnectMs: 5_000,
  cardReaderHeartbeatMs: 20_000,
  cardReaderRetryMs: 1_000,
  /** The first pause before a broken live stream reconnects (it doubles up to 30 s). */
  liveReconnectMs: 1_000,
} as const;

export const LAYOUT = {
  mobileBreakpointPx: 992,
  dialogNarrowPx: 750,
} as const;

export const HEADER_SEARCH = { threshold: 0.4, titleWeight: 0.7, pathWeight: 0.3 } as const;

export const DEFAULT_SITE_NAME = "Washboard";
