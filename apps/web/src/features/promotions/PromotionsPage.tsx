import { Card, Empty, Grid, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { AnnouncementsTab } from "./AnnouncementsTab";
import { usePromotionAccess } from "./access";
import { kindLabel } from "./labels";
import { PricePreviewTab } from "./PricePreviewTab";
import { PriceWindowsTab } from "./PriceWindowsTab";
import { PromotionKindTab } from "./PromotionKindTab";

/**
 * /promotion/promotion (v_promotion): one tab per kind of promotion the account may manage (kind K
 * needs op_K), the announcements that pop up on the pay page (op_goodnews), then the time-of-day prices (dev_query; dev_control changes them) and the price
 * preview (dev_query), which shows how they all stack on a machine's programs.
 */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const access = usePromotionAccess();
  // Eleven sections do not fit a strip at the top of a desktop screen: they stand in a column beside
  // the list there, and in a scrolling strip on a phone.
  const wide = Grid.useBreakpoint().lg ?? false;
  const items = [
    ...access.kinds.map((kind) => ({
      key: kind,
      label: <span data-testid={`promotion-tab-${kind}`}>{kindLabel(kind)}</span>,
      children: <PromotionKindTab kind={kind} />,
    })),
    ...(access.announcements
      ? [
          {
            key: "announcements",
            label: <span data-testid="promotion-tab-announcements">{t("promotions.tabs.announcements")}</span>,
            children: <AnnouncementsTab />,
          },
        ]
      : []),
    ...(access.readWindows
      ? [
          {
            key: "windows",
            label: <span data-testid="promotion-tab-windows">{t("promotions.tabs.windows")}</span>,
            children: <PriceWindowsTab canChange={access.changeWindows} />,
          },
        ]
      : []),
    ...(access.preview
      ? [
          {
            key: "preview",
            label: <span data-testid="promotion-tab-preview">{t("promotions.tabs.preview")}</span>,
            children: <PricePreviewTab />,
          },
        ]
      : []),
  ];
  return (
    <Card data-testid="promotions-page">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("promotions.nothingAllowed")} />
      ) : (
        <Tabs items={items} tabPosition={wide ? "left" : "top"} />
      )}
    </Card>
  );
}
