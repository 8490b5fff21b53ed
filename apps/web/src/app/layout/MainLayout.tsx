import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from "@ant-design/icons";
import { isGroupLevel, LAYOUT, type RouteMeta } from "@washboard/shared";
import { Button, Drawer, Layout, Tooltip } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { hasScreen } from "../console-features";
import { useLiveEvents } from "../live/useLiveEvents";
import { useRoutes } from "../router/route-registry";
import { getCookie, SIDEBAR_COOKIE, setCookie } from "../session/storage";
import { type SessionUser, useSettings } from "../session/store";
import { useTimeZone } from "../session/useTimeZone";
import { useMediaQuery } from "../ui/useMediaQuery";
import { AccountDropdown } from "./AccountDropdown";
import { DemoBanner } from "./DemoBanner";
import { useDeviceStatusWarning } from "./DeviceWarning";
import { FullscreenToggle } from "./FullscreenToggle";
import { HeaderSearch } from "./HeaderSearch";
import { KeepAliveViews } from "./KeepAliveViews";
import { LanguagePicker } from "./LanguagePicker";
import { visibleRoutes } from "./menu-model";
import { NOTICES_PATH, NoticeBell } from "./NoticeBell";
import { PageHeading } from "./PageHeading";
import { ServerClock } from "./ServerClock";
import { Sidebar } from "./Sidebar";
import { TagsView } from "./TagsView";

/** Its form and colour picker load when the panel is first opened. */
/** Only levels 6 and 7 choose a vendor: the select loads for them alone. */
const VendorSelector = lazy(() => import("./VendorSelector").then((m) => ({ default: m.VendorSelector })));
const SettingsDrawer = lazy(() => import("./SettingsDrawer").then((m) => ({ default: m.SettingsDrawer })));

/**
 * The console's frame (spec §2 "Layout"): sidebar, top bar, breadcrumb, tags view and pages; over
 * them, while the server holds the demo's data, the "demo data" banner.
 */
export function MainLayout({
  user,
  route,
  siteName,
  demo = false,
}: {
  user: SessionUser;
  route: RouteMeta;
  siteName: string;
  demo?: boolean;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const routes = useRoutes();
  const mobile = useMediaQuery(`(max-width: ${LAYOUT.mobileBreakpointPx - 0.02}px)`);
  const [open, setOpen] = useState(getCookie(SIDEBAR_COOKIE) !== "0");
  const [mobileMenu, setMobileMenu] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [refreshes, setRefreshes] = useState<Record<string, number>>({});
  const timeZone = useTimeZone();
  useDeviceStatusWarning(user.level, user.token);
  useLiveEvents(user);
  // A navigation closes the phone menu.
  const [menuPath, setMenuPath] = useState(route.path);
  if (menuPath !== route.path) {
    setMenuPath(route.path);
    setMobileMenu(false);
  }

  const toggleSidebar = () => {
    if (mobile) {
      setMobileMenu((v) => !v);
      return;
    }
    setOpen((v) => {
      setCookie(SIDEBAR_COOKIE, v ? "0" : "1");
      return !v;
    });
  };
  const menuRoutes = visibleRoutes(routes, user, hasScreen);
  const sidebarProps = { routes: menuRoutes, activePath: route.path, showLogo: settings.sidebarLogo, siteName };

  return (
    <Layout className="main-layout" style={{ minHeight: "100vh" }}>
      {mobile ? (
        <Drawer
          placement="left"
          open={mobileMenu}
          onClose={() => setMobileMenu(false)}
          size={220}
          closable={false}
          styles={{ body: { padding: 0, background: "#001529" } }}
        >
          <Sidebar {...sidebarProps} collapsed={false} mobile onNavigate={() => setMobileMenu(false)} />
        </Drawer>
      ) : (
        <Sidebar {...sidebarProps} collapsed={!open} mobile={false} />
      )}
      {mobile && <div data-testid="sidebar" data-collapsed={mobileMenu ? "0" : "1"} hidden />}
      <Layout>
        {demo && <DemoBanner />}
        <Layout.Header className={`top-bar ${settings.fixedHeader ? "top-bar-fixed" : ""}`}>
          <Tooltip title={t("layout.toggleSidebar")}>
            <Button
              type="text"
              data-testid="sidebar-toggle"
              aria-label={t("layout.toggleSidebar")}
              icon={(mobile ? !mobileMenu : !open) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggleSidebar}
            />
          </Tooltip>
          <div className="top-bar-right">
            {!mobile && <HeaderSearch routes={menuRoutes} />}
            {isGroupLevel(user.level) && (
              <Suspense fallback={null}>
                <VendorSelector user={user} />
              </Suspense>
            )}
            {!mobile && <ServerClock timeZone={timeZone} />}
            {!mobile && <FullscreenToggle />}
            <LanguagePicker />
            {hasScreen(NOTICES_PATH) && <NoticeBell />}
            <Tooltip title={t("layout.settings")}>
              <Button
                type="text"
                aria-label={t("layout.settings")}
                icon={<SettingOutlined />}
                onClick={() => setSettingsOpen(true)}
              />
            </Tooltip>
            <AccountDropdown user={user} />
          </div>
        </Layout.Header>
        {settings.tagsView && (
          <TagsView
            route={route}
            onRefresh={() => setRefreshes((r) => ({ ...r, [route.path]: (r[route.path] ?? 0) + 1 }))}
          />
        )}
        <Layout.Content className="page-content">
          <PageHeading route={route} />
          <KeepAliveViews route={route} refreshes={refreshes} />
        </Layout.Content>
      </Layout>
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
