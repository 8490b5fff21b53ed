import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  CrownOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { MenuGroup } from "@washboard/shared";
import type { ReactNode } from "react";

/** Menu icons, by route icon name and by menu group. */
export const ROUTE_ICONS: Record<string, ReactNode> = {
  DashboardOutlined: <DashboardOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  SettingOutlined: <SettingOutlined />,
};

export const GROUP_ICONS: Record<MenuGroup, ReactNode> = {
  group: <ApartmentOutlined />,
  shop: <ShopOutlined />,
  promotion: <GiftOutlined />,
  income_report: <BarChartOutlined />,
  order: <ShoppingCartOutlined />,
  form: <FileTextOutlined />,
  datacenter: <AppstoreOutlined />,
  member: <IdcardOutlined />,
  ota: <CloudUploadOutlined />,
  account: <TeamOutlined />,
  log: <ProfileOutlined />,
  subscribe: <CrownOutlined />,
};

export const FALLBACK_ICON = <AlertOutlined />;
