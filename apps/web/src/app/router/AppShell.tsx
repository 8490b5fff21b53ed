import { API, DEFAULT_SITE_NAME, LOGIN_ROUTE } from "@washboard/shared";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router";
import { call } from "../api/client";
import { hasScreen, SCREENS } from "../console-features";
import { toastError } from "../feedback/toast";
import { LazyConsole } from "../LazyConsole";
import { signOutLocally } from "../session/sign-out";
import { useSession } from "../session/store";
import { PageSpinner } from "../ui/PageSpinner";
import { decide } from "./guard";
import { routeRegistry, useRoutes } from "./route-registry";

/** The frame loads only once someone is signed in, so the login page stays small. */
const MainLayout = lazy(() => import("../layout/MainLayout").then((m) => ({ default: m.MainLayout })));

interface PublicConfig {
  siteName: string;
  /** The server holds the demo's data: the layout shows the "demo data" banner. */
  demo: boolean;
}

const DEFAULT_CONFIG: PublicConfig = { siteName: DEFAULT_SITE_NAME, demo: false };
let configRequest: Promise<PublicConfig> | undefined;

/** Spec §2: the system config is fetched at start; the site name titles every page. */
function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState(DEFAULT_CONFIG);
  useEffect(() => {
    configRequest ??= call(API.systemConfig.config)
      .then((rows) => ({
        siteName: rows.find((row) => row.name === "sitename")?.value || DEFAULT_SITE_NAME,
        demo: rows.some((row) => row.name === "demo" && row.value === "1"),
      }))
      .catch(() => DEFAULT_CONFIG);
    void configRequest.then(setConfig);
  }, []);
  return config;
}

/** Everything under the router: the guard decides, then a bare page or the layout renders. */
export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const user = useSession();
  useRoutes();
  const { siteName, demo } = usePublicConfig();
  const decision = decide(location, user, routeRegistry.find, hasScreen);

  useEffect(() => {
    if (decision.kind !== "boot") return;
    // The boot calls load with the first signed-in page, not with the sign-in page.
    import("../session/boot")
      .then(({ bootSession }) => bootSession())
      .catch((error: unknown) => {
        // Spec §2: on a guard error the token is reset, the error shown, and login opened.
        signOutLocally();
        toastError(error);
        navigate(`${LOGIN_ROUTE}?redirect=${encodeURIComponent(location.pathname)}`, { replace: true });
      });
  }, [decision.kind, location.pathname, navigate]);

  const title = decision.kind === "render" ? t(decision.route.titleKey) : "";
  useEffect(() => {
    document.title = title ? `${title} - ${siteName}` : siteName;
  }, [title, siteName]);

  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  if (decision.kind === "boot") return <PageSpinner fullscreen />;
  const { route } = decision;
  if (!user || route.noLogin) {
    const Screen = SCREENS[route.path];
    if (!Screen) return null;
    // The sign-in page is plain HTML; the other bare pages use the component library.
    const page = (
      <Suspense fallback={<PageSpinner fullscreen />}>
        <Screen />
      </Suspense>
    );
    return route.path === LOGIN_ROUTE ? page : <LazyConsole>{page}</LazyConsole>;
  }
  return (
    <LazyConsole>
      <MainLayout user={user} route={route} siteName={siteName} demo={demo} />
    </LazyConsole>
  );
}
