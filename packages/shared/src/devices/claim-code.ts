/**
 * The claim code printed on a machine made for no vendor yet (docs/device-protocol.md, "Unclaimed
 * machines"): 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L), about 50 bits.
 */
export const CLAIM_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CLAIM_CODE_LENGTH = 10;

/** A code as typed, as it is kept: upper case, without the spaces and dashes people add. */
export const normalizeClaimCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, "");

/** Whether a normalized code is one the alphabet and length allow. */
export const isClaimCode = (code: string) =>
  code.length === CLAIM_CODE_LENGTH && [...code].every((char) => CLAIM_CODE_ALPHABET.includes(char));
