import { API, DEFAULT_ROUTE, DEFAULT_SITE_NAME, LOGIN_ROUTE } from "@washboard/shared";
import { lazy, Suspense, useDeferredValue, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router";
import { call } from "../api/client";
import { toastError } from "../feedback/toast";
import { LazyConsole, preloadConsole } from "../LazyConsole";
import { signOutLocally } from "../session/sign-out";
import { sessionStore, useSession } from "../session/store";
import { PageSpinner } from "../ui/PageSpinner";
import { decide } from "./guard";
import { routeRegistry, useRoutes } from "./route-registry";
import { loadedScreenTable, loadScreenTable, type ScreenTable } from "./screen-table";
import type { Screen } from "./screens";

/** The frame loads only once someone is signed in, so the login page stays small. */
const loadMainLayout = () => import("../layout/MainLayout");
const MainLayout = lazy(() => loadMainLayout().then((m) => ({ default: m.MainLayout })));

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

// A returning signed-in user's first page needs the screen table, the component library, the frame
// and the page's screen: they load beside the entry and the boot calls, not one after another.
if (sessionStore.get().user) {
  const path = new URL(window.location.hash.slice(1) || "/", window.location.origin).pathname;
  void loadScreenTable()
    .then((table) => table.preload(path === "/" ? DEFAULT_ROUTE : path))
    .catch(() => undefined);
  preloadConsole();
  void loadMainLayout().catch(() => undefined);
  // The boot calls too: the guard's own call (below) joins the run under way.
  void import("../session/boot").then(({ bootSession }) => bootSession()).catch(() => undefined);
}

/** The features' screen table once `wanted`: loaded on first need, then kept. */
function useScreenTable(wanted: boolean): ScreenTable | undefined {
  const [table, setTable] = useState(loadedScreenTable);
  useEffect(() => {
    if (!wanted || table) return;
    let current = true;
    loadScreenTable().then(
      (loaded) => current && setTable(loaded),
      (error: unknown) => current && toastError(error),
    );
    return () => {
      current = false;
    };
  }, [wanted, table]);
  return table;
}

const isSignIn = (path: string) => path === LOGIN_ROUTE;

/**
 * Everything under the router: the guard decides, then a bare page or the layout renders. A
 * signed-out visitor on the sign-in page (`signIn`, from the entry) waits for nothing else; every
 * other page waits for the features' screen table first.
 */
export function AppShell({ signIn: SignIn }: { signIn: Screen }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const user = useSession();
  useRoutes();
  const { siteName, demo } = usePublicConfig();
  // Signed out, only the pages open without login need the table (every other page goes to login).
  const needsTable =
    user !== null || (routeRegistry.find(location.pathname)?.noLogin === true && !isSignIn(location.pathname));
  const table = useScreenTable(needsTable);
  const pending = needsTable && table === undefined;
  // While the table loads, the guard is told every path has a screen: a signed-in user's boot calls
  // start meanwhile, as they would once the table is in. Nothing renders before it is.
  const decision = decide(location, user, routeRegistry.find, table?.hasScreen ?? (pending ? () => true : isSignIn));

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

  const framed = decision.kind === "render" && !!user && !decision.route.noLogin;
  const frameShown = useDeferredValue(framed);
  if (pending || decision.kind === "boot" || (framed && !frameShown)) return <PageSpinner fullscreen />;
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  const { route } = decision;
  if (!user || route.noLogin) {
    const Screen = !user && isSignIn(route.path) ? SignIn : table?.screens[route.path];
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
