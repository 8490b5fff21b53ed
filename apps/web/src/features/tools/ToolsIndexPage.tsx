import { ApiOutlined, WifiOutlined } from "@ant-design/icons";
import { Card } from "antd";
import { useTranslation } from "react-i18next";
import { ToolsFrame } from "./ToolsFrame";

/**
 * /open/tools/index: the public tools, no sign-in needed. The Bluetooth tool opens in the document
 * the server allows Bluetooth in (`/tools`), so it is a full link, not a route change.
 */
export default function ToolsIndexPage() {
  const { t } = useTranslation();
  const tools = [
    {
      href: "/tools#/open/tools/bluetooth",
      icon: <WifiOutlined />,
      title: t("tools.bluetooth.title"),
      text: t("tools.bluetooth.summary"),
      testId: "tool-bluetooth",
    },
    {
      href: "/#/open/tools/apidoc",
      icon: <ApiOutlined />,
      title: t("routes.open_apidoc"),
      text: t("tools.apidocSummary"),
      testId: "tool-apidoc",
    },
  ];
  return (
    <ToolsFrame title={t("tools.title")}>
      <div className="tools-grid">
        {tools.map((tool) => (
          <a key={tool.href} href={tool.href} className="tools-card-link" data-testid={tool.testId}>
            <Card hoverable>
              <Card.Meta avatar={tool.icon} title={tool.title} description={tool.text} />
            </Card>
          </a>
        ))}
      </div>
    </ToolsFrame>
  );
}
