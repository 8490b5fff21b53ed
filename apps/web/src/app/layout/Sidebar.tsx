import type { RouteMeta } from "@washboard/shared";
import { Layout, Menu, type MenuProps } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FALLBACK_ICON, GROUP_ICONS, ROUTE_ICONS } from "../ui/icons";
import { menuSections } from "./menu-model";

export const MENU_BACKGROUND = "#001529";

/** The sidebar menu generated from the visible routes (spec §2), dark blue. */
export function Sidebar(props: {
  routes: RouteMeta[];
  activePath: string;
  collapsed: boolean;
  mobile: boolean;
  showLogo: boolean;
  siteName: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = useMemo<MenuProps["items"]>(
    () =>
      menuSections(props.routes).flatMap((section): NonNullable<MenuProps["items"]> => {
        const leaves = section.routes.map((r) => ({
          key: r.path,
          icon: section.group ? undefined : (ROUTE_ICONS[r.icon ?? ""] ?? FALLBACK_ICON),
          label: t(r.titleKey),
        }));
        if (!section.group) return leaves;
        return [
          {
            key: `group:${section.group}`,
            icon: GROUP_ICONS[section.group],
            label: t(`menu.${section.group}`),
            children: leaves,
          },
        ];
      }),
    [props.routes, t],
  );
  const openGroup = props.routes.find((r) => r.path === props.activePath)?.group;

  return (
    <Layout.Sider
      className="sidebar"
      collapsed={props.collapsed}
      collapsedWidth={props.mobile ? 0 : 64}
      width={220}
      trigger={null}
      style={{ background: MENU_BACKGROUND }}
      data-testid="sidebar"
      data-collapsed={props.collapsed ? "1" : "0"}
    >
      {props.showLogo && (
        <div className="sidebar-logo" title={props.siteName}>
          <span className="sidebar-logo-mark">W</span>
          {!props.collapsed && <span className="sidebar-logo-text">{props.siteName}</span>}
        </div>
      )}
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[props.activePath]}
        defaultOpenKeys={openGroup ? [`group:${openGroup}`] : []}
        style={{ background: MENU_BACKGROUND, borderInlineEnd: 0 }}
        onClick={({ key }) => {
          navigate(key);
          props.onNavigate?.();
        }}
      />
    </Layout.Sider>
  );
}
