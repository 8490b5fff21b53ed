import { Card, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useTimeZone } from "../../app/session/useTimeZone";
import { BrandsTab } from "./BrandsTab";
import { ControlTemplatesTab } from "./ControlTemplatesTab";
import { ModelsTab } from "./ModelsTab";

/**
 * /shop/washer_catalogue: washer brands, models and control templates — the platform's starter
 * catalogue (read-only) and the vendor's own additions. dev_query reads, dev_control changes.
 */
export default function WasherCataloguePage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <Card data-testid="washer-catalogue">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: "brands", label: t("washerCatalogue.tabs.brands"), children: <BrandsTab timeZone={timeZone} /> },
          { key: "models", label: t("washerCatalogue.tabs.models"), children: <ModelsTab timeZone={timeZone} /> },
          {
            key: "templates",
            label: t("washerCatalogue.tabs.controlTemplates"),
            children: <ControlTemplatesTab timeZone={timeZone} />,
          },
        ]}
      />
    </Card>
  );
}
