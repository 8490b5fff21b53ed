import { Card, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { PackagesTab } from "./PackagesTab";
import { RolloutsTab } from "./RolloutsTab";
import { VersionAnalysisTab } from "./VersionAnalysisTab";

/**
 * /ota/index (ota_query; ota_add adds packages and starts and steers rollouts): the vendor's
 * firmware packages, its rollouts (the spec's upgrade batches) and how its machines' firmware
 * versions are spread.
 */
export default function OtaPage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="ota-page">
      <Tabs
        items={[
          { key: "packages", label: t("ota.tabs.packages"), children: <PackagesTab /> },
          { key: "rollouts", label: t("ota.tabs.rollouts"), children: <RolloutsTab /> },
          { key: "versions", label: t("ota.tabs.versions"), children: <VersionAnalysisTab /> },
        ]}
      />
    </Card>
  );
}
