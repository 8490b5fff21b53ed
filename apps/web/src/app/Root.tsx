import { useEffect, useRef } from "react";
import { HashRouter, useLocation, useNavigate } from "react-router";
import { setUnauthorizedHandler } from "./api/client";
import { toastError } from "./feedback/toast";
import { AppShell } from "./router/AppShell";
import type { Screen } from "./router/screens";
import { signOutLocally } from "./session/sign-out";

/**
 * Spec §8: a 401 clears credentials and route data and sends the user to login with the wanted path.
 * Installed from inside the router, which knows where the user is and how to move them.
 */
function UnauthorizedRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useRef({ pathname: location.pathname, navigate });
  current.current = { pathname: location.pathname, navigate };
  useEffect(
    () =>
      setUnauthorizedHandler((error) => {
        const { pathname: wanted, navigate } = current.current;
        signOutLocally();
        toastError(error);
        if (!wanted.startsWith("/login"))
          void navigate(`/login?redirect=${encodeURIComponent(wanted)}`, { replace: true });
      }),
    [],
  );
  return null;
}

/**
 * The console's router: the declarative hash router. The console uses only links, redirects and the
 * location and navigate hooks, none of the data router's loaders or actions, and the data router
 * would add some 19 kB (gzip) to the sign-in page. `signIn` is the sign-in page's screen (see AppShell).
 */
export function Root({ signIn }: { signIn: Screen }) {
  return (
    <HashRouter>
      <UnauthorizedRedirect />
      <AppShell signIn={signIn} />
    </HashRouter>
  );
}
