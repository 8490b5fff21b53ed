import { Card, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { PackagesTab } from "./PackagesTab";
import { VersionAnalysisTab } from "./VersionAnalysisTab";

/**
 * /ota/index (ota_query; ota_add adds and edits packages): the vendor's firmware packages and how
 * its machines' firmware versions are spread.
 */
export default function OtaPage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="ota-page">
      <Tabs
        items={[
          { key: "packages", label: t("ota.tabs.packages"), children: <PackagesTab /> },
          { key: "versions", label: t("ota.tabs.versions"), children: <VersionAnalysisTab /> },
        ]}
      />
    </Card>
  );
}
