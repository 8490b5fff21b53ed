/**
 * What the registry derives from its calls, without their schemas: the list of every call and each
 * call's stable id. Kept free of zod so the console's light call table (see call-refs.ts) shares it.
 */
export interface CallIdentity {
  method: "GET" | "POST";
  path: string;
  mutates: boolean;
  /** A mutating call's operation-log label (`EndpointContract.log`). */
  log?: string;
}

export function indexRegistry<C extends CallIdentity>(api: Record<string, Record<string, C>>) {
  const all: readonly C[] = Object.values(api).flatMap((domain) => Object.values(domain));
  const ids = new Map<C, string>(
    Object.entries(api).flatMap(([domain, calls]) =>
      Object.entries(calls).map(([name, call]) => [call, `${domain}.${name}`] as const),
    ),
  );
  /**
   * A call's stable action id ("auth.login"): what the operation log stores, and the i18n key
   * (`actions.<id>`) the console shows it with.
   */
  const endpointId = (call: C): string => {
    const id = ids.get(call);
    if (!id) throw new Error(`Call ${call.path} is not in the registry`);
    return id;
  };
  /** The id of a call of the registry, or undefined for one declared elsewhere (a test's own call). */
  const findEndpointId = (call: C): string | undefined => ids.get(call);
  return { all, endpointId, findEndpointId };
}
