import { DownOutlined, UserOutlined } from "@ant-design/icons";
import { API, canAccessRoute } from "@washboard/shared";
import { Avatar, Button, Dropdown, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "../api/client";
import { FEATURES, hasScreen } from "../console-features";
import { routeRegistry } from "../router/route-registry";
import { signOutLocally } from "../session/sign-out";
import type { SessionUser } from "../session/store";
import { useConfirm } from "../ui/confirm";
import { accountMenuOf } from "./menu-model";

const ACCOUNT_MENU = accountMenuOf(FEATURES);

/**
 * Spec §2: account dropdown — the entries the features contribute (vendor profile for levels 3/4,
 * account settings, level 4 only with v_setting), then sign out.
 */
export function AccountDropdown({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const subject = { level: user.level, roles: user.roles, permissions: user.permissions ?? [] };
  // Shown only when the screen exists and the account may open it.
  const links = ACCOUNT_MENU.filter(({ path }) => {
    const route = routeRegistry.find(path);
    return route !== undefined && hasScreen(path) && canAccessRoute(route, subject);
  });
  const items: MenuProps["items"] = [
    ...links.map(({ path, labelKey }) => ({ key: path, label: t(labelKey) })),
    { type: "divider" as const },
    { key: "logout", label: t("layout.logout"), danger: true },
  ];
  const onClick: MenuProps["onClick"] = async ({ key }) => {
    if (key !== "logout") {
      navigate(key);
      return;
    }
    if (!(await confirm({ title: t("layout.logoutConfirm") }))) return;
    try {
      await call(API.auth.logout);
    } finally {
      signOutLocally();
      navigate("/login");
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={["click"]}>
      <Button type="text" data-testid="account-dropdown" className="account-button">
        <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
        <span className="account-name">{user.name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
