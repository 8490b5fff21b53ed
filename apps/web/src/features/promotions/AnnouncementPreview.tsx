import { ReloadOutlined } from "@ant-design/icons";
import { type PopupAnimation, type PopupSkin, type ShownSkin, shownSkin } from "@washboard/shared";
import { Button, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import { AnnouncementPopup } from "../../pay/announcement/AnnouncementPopup";
import { skinLabel } from "./labels";
import "./promotions.css";

export interface PreviewContent {
  title: string;
  body: string;
  button_text: string;
  skin: PopupSkin;
  animation: PopupAnimation;
}

/** One showing of the preview: a new one mounts the popup afresh, so its animation plays again. */
interface Showing {
  round: number;
  skin: ShownSkin;
  open: boolean;
}

/**
 * The popup as a customer's phone shows it — the pay page's own component, in a phone-sized frame
 * beside the form. A change of skin or animation plays it again (a random skin picks anew, as each
 * showing on the pay page does); typing changes its text in place; "Play again" replays it.
 */
export function AnnouncementPreview({ content }: { content: PreviewContent }) {
  const { t } = useTranslation();
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const [showing, setShowing] = useState<Showing>(() => ({ round: 0, skin: shownSkin(content.skin), open: true }));
  const replay = () => setShowing((s) => ({ round: s.round + 1, skin: shownSkin(content.skin), open: true }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: replayed when the look changes, not the text.
  useEffect(replay, [content.skin, content.animation]);

  return (
    <div className="announcement-preview" data-testid="announcement-preview">
      <Typography.Text strong>{t("promotions.announcements.preview")}</Typography.Text>
      <Typography.Text type="secondary" className="announcement-preview-hint">
        {t("promotions.announcements.previewHint")}
      </Typography.Text>
      <div className="announcement-preview-phone">
        <div className="announcement-preview-page" aria-hidden="true">
          <span className="announcement-preview-line is-title" />
          <span className="announcement-preview-line" />
          <span className="announcement-preview-card" />
          <span className="announcement-preview-card" />
        </div>
        {showing.open && (
          <AnnouncementPopup
            key={showing.round}
            contained
            announcement={{
              title: content.title.trim() || t("promotions.announcements.sampleTitle"),
              body: content.body.trim() || t("promotions.announcements.sampleBody"),
              button_text: content.button_text.trim(),
            }}
            skin={showing.skin}
            animation={content.animation}
            labels={{ ok: t("promotions.announcements.ok"), close: t("promotions.announcements.close") }}
            onClose={() => setShowing((s) => ({ ...s, open: false }))}
          />
        )}
      </div>
      {content.skin === "random" && (
        <Typography.Text type="secondary" data-testid="announcement-preview-random">
          {t("promotions.announcements.randomNow", { skin: skinLabel(showing.skin) })}
        </Typography.Text>
      )}
      {reducedMotion && (
        <Typography.Text type="secondary">{t("promotions.announcements.reducedMotion")}</Typography.Text>
      )}
      <Button icon={<ReloadOutlined />} onClick={replay} data-testid="announcement-preview-replay">
        {t("promotions.announcements.replay")}
      </Button>
    </div>
  );
}
