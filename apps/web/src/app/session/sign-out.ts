import { routeRegistry } from "../router/route-registry";
import { sessionStore } from "./store";

const listeners = new Set<() => void>();

/**
 * Lets parts loaded later (the query cache, the tags view) forget what the signed-out user saw;
 * sign-out itself knows only the session and the routes, so the sign-in page stays light.
 */
export function onSignOut(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Spec §4: logout clears the token and state and resets the routes. */
export function signOutLocally(): void {
  sessionStore.clear();
  routeRegistry.reset();
  for (const listener of listeners) listener();
}
