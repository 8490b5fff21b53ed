import { Button, ColorPicker, Drawer, Form, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { DEFAULT_SETTINGS, sessionStore, useSettings } from "../session/store";
import { THEME_PRESETS } from "../theme/palette";

/** Spec §2 settings panel: theme colour (default blue), tags view, fixed header, sidebar logo. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Drawer title={t("settings.title")} open={open} onClose={onClose} size={320} data-testid="settings-drawer">
      <Form layout="horizontal" labelCol={{ span: 16 }} wrapperCol={{ span: 8 }} labelAlign="left" colon={false}>
        <Form.Item label={t("settings.themeColor")}>
          <ColorPicker
            value={settings.themeColor}
            presets={[{ label: t("settings.themeColor"), colors: [...THEME_PRESETS] }]}
            onChangeComplete={(color) => sessionStore.updateSettings({ themeColor: color.toHexString() })}
          />
        </Form.Item>
        <Form.Item label={t("settings.tagsView")}>
          <Switch
            checked={settings.tagsView}
            onChange={(tagsView) => sessionStore.updateSettings({ tagsView })}
            data-testid="setting-tags-view"
          />
        </Form.Item>
        <Form.Item label={t("settings.fixedHeader")}>
          <Switch
            checked={settings.fixedHeader}
            onChange={(fixedHeader) => sessionStore.updateSettings({ fixedHeader })}
          />
        </Form.Item>
        <Form.Item label={t("settings.sidebarLogo")}>
          <Switch
            checked={settings.sidebarLogo}
            onChange={(sidebarLogo) => sessionStore.updateSettings({ sidebarLogo })}
          />
        </Form.Item>
      </Form>
      <Button block onClick={() => sessionStore.updateSettings(DEFAULT_SETTINGS)}>
        {t("settings.reset")}
      </Button>
    </Drawer>
  );
}
