import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BodyOf, EndpointContract } from "@washboard/shared";
import type { ExampleKit, MemberApp } from "./example-kit.js";

/**
 * One call of a contract that succeeds, for the tests generated from the registry (the operation
 * log's): what it needs is made first, then the call is made as a demo account the contract lets in.
 * Each module keeps the examples of its domain's calls that change data beside its code, in
 * `modules/<domain>/test-call-examples.ts`, so a new call gets its example where it is written.
 */
export interface ExampleCall<C extends EndpointContract = EndpointContract> {
  body: BodyOf<C>;
  /**
   * Who calls, when not the contract's own demo account (`callerOf`): another account by username,
   * or a member's app session for member-app calls.
   */
  as?: string | MemberApp;
  /**
   * What the row says of who acted, where the caller does not say it: a sign-in names the account
   * that signed in, a registration its new owner and vendor. (A member-app call names the member's
   * vendor and no account; a public call names no account.)
   */
  logged?: { actor?: string; accountId?: number | null; vendorId?: number | null };
  /** A call that is not JSON (an upload) makes itself, from `ip`. */
  send?: (ip: string) => Promise<{ http: number }>;
}

export type CallExample<C extends EndpointContract = EndpointContract> = (kit: ExampleKit) => Promise<ExampleCall<C>>;

/** The names of a domain's calls that change data. */
type MutatingCalls<Domain> = {
  [Name in keyof Domain]: Domain[Name] extends { mutates: true } ? Name : never;
}[keyof Domain];

/** A domain's examples, keyed by contract: the type demands one for each of its calls that change data. */
export type CallExamples = ReadonlyMap<EndpointContract, CallExample>;

export function callExamples<Domain extends Record<string, EndpointContract>>(
  domain: Domain,
  examples: NoInfer<{ [Name in MutatingCalls<Domain>]: CallExample<Domain[Name]> }>,
): CallExamples {
  return new Map(
    Object.entries(examples as Record<string, CallExample>).map(([name, example]) => {
      const contract = domain[name];
      if (!contract) throw new Error(`no call ${name} in its domain`);
      return [contract, example] as const;
    }),
  );
}

/** The demo account a call is made as when its example names none: one of a level its contract allows. */
export function callerOf(contract: EndpointContract): string | undefined {
  if (contract.access.kind !== "session") return undefined;
  const levels = contract.access.levels ?? [3, 4, 6, 7];
  if (levels.includes(3)) return "vendor_admin";
  if (levels.includes(6)) return "group_admin";
  if (levels.includes(7)) return "group_sub";
  return "vendor_sub";
}

const MODULES_DIR = path.join(import.meta.dirname, "..", "modules");
const EXAMPLES_FILE = "test-call-examples.ts";

/** Every module's examples, found by their file name: a new domain's are found without a list to keep. */
export async function loadCallExamples(): Promise<CallExamples> {
  const all = new Map<EndpointContract, CallExample>();
  for (const folder of fs.readdirSync(MODULES_DIR).sort()) {
    const file = path.join(MODULES_DIR, folder, EXAMPLES_FILE);
    if (!fs.existsSync(file)) continue;
    const loaded = (await import(pathToFileURL(file).href)) as { examples?: CallExamples };
    if (!loaded.examples) throw new Error(`${folder}/${EXAMPLES_FILE} exports no examples`);
    for (const [contract, example] of loaded.examples) all.set(contract, example);
  }
  return all;
}
