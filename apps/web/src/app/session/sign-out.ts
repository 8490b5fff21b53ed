import { tagsStore } from "../layout/tags-store";
import { routeRegistry } from "../router/route-registry";
import { sessionStore } from "./store";

const listeners = new Set<() => void>();

/** Lets parts loaded later (the query cache) forget what the signed-out user saw. */
export function onSignOut(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Spec §4: logout clears the token and state and resets the routes. */
export function signOutLocally(): void {
  sessionStore.clear();
  routeRegistry.reset();
  tagsStore.reset();
  for (const listener of listeners) listener();
}
