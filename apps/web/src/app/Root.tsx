import { createHashRouter, RouterProvider } from "react-router";
import { setUnauthorizedHandler } from "./api/client";
import { toastError } from "./feedback/toast";
import { AppShell } from "./router/AppShell";
import { signOutLocally } from "./session/sign-out";

const router = createHashRouter([{ path: "*", element: <AppShell /> }]);

// Spec §8: a 401 clears credentials and route data and sends the user to login with the wanted path.
setUnauthorizedHandler((error) => {
  const wanted = router.state.location.pathname;
  signOutLocally();
  toastError(error);
  if (!wanted.startsWith("/login"))
    void router.navigate(`/login?redirect=${encodeURIComponent(wanted)}`, { replace: true });
});

export function Root() {
  return <RouterProvider router={router} />;
}
