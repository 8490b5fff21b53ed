import { hash, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1 in @node-rs/argon2 2.x). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown usernames cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash("washboard-timing-equaliser");
  await verifyPassword(await dummyHash, password);
  return false;
}
