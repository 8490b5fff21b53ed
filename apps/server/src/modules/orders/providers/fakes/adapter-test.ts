import { afterAll, expect } from "vitest";
import { type Credentials, type ProviderAdapter, type ProviderCall, ProviderError } from "../adapter.js";

/** What the adapters' test files share to run an adapter against its fake provider. */

/**
 * Starts a fake for a whole test file and closes it after the file's last test:
 * `const fake = await fakeForFile(startStripeFake);` at the top of the file.
 */
export async function fakeForFile<F extends { close(): Promise<void> }>(start: () => Promise<F>): Promise<F> {
  const fake = await start();
  afterAll(() => fake.close());
  return fake;
}

/** The call that points an adapter at a fake: its base URL and credentials, with our public site. */
export const callTo = (
  fake: { baseUrl: string; credentials: Credentials },
  overrides: Partial<ProviderCall> = {},
): ProviderCall => ({
  baseUrl: fake.baseUrl,
  credentials: fake.credentials,
  publicUrl: "https://console.example.com",
  ...overrides,
});

let sequence = 0;

/** An id no other test has used: a file's fake keeps what every test made, so each test makes its own. */
export const uniqueId = (prefix: string) => `${prefix}${Date.now()}${++sequence}`;

type Operations = Required<Pick<ProviderAdapter, "startPayment" | "refund" | "query" | "verifyNotification">>;

/** The operations of an adapter that has them all, bound, so that tests call them without `?.`. */
export function operationsOf(adapter: ProviderAdapter): Operations {
  const { startPayment, refund, query, verifyNotification } = adapter;
  if (!startPayment || !refund || !query || !verifyNotification) throw new Error(`${adapter.id} lacks an operation`);
  return {
    startPayment: startPayment.bind(adapter),
    refund: refund.bind(adapter),
    query: query.bind(adapter),
    verifyNotification: verifyNotification.bind(adapter),
  };
}

/** The ProviderError a promise rejects with; the test fails when it resolves or rejects otherwise. */
export async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
