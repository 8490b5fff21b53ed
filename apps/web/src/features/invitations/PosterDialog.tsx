import { type InviteLinkItem, imageUrl } from "@washboard/shared";
import { Alert, Button, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { activeVendor, useSession } from "../../app/session/store";
import { AppModal } from "../../app/ui/AppModal";
import { downloadBlob } from "../../app/ui/data-table/download";
import { qrModules } from "../../app/ui/qr/qr-image";
import { POSTER, type PosterPainter, paintPoster, posterFileName } from "./poster";

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

/** Paints the poster on a canvas, as PNG: the background (same origin, so the canvas stays exportable). */
async function posterPng(link: InviteLinkItem, title: string, scan: string, code: string): Promise<Blob> {
  const [qr, background] = await Promise.all([
    qrModules(link.link),
    link.background_image ? loadImage(imageUrl(link.background_image)) : Promise.resolve(null),
  ]);
  const canvas = document.createElement("canvas");
  canvas.width = POSTER.width;
  canvas.height = POSTER.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvas 2D context unavailable");
  paintPoster(
    context as PosterPainter,
    {
      background: background
        ? { image: background, width: background.naturalWidth, height: background.naturalHeight }
        : null,
      qr,
      title,
      scan,
      code,
    },
    getComputedStyle(document.body).fontFamily || "sans-serif",
  );
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("PNG encoding failed"))), "image/png");
  });
}

/**
 * An invitation's poster, drawn in the browser (spec §3 "poster, background image"): its background,
 * the link's QR code, the vendor's name and the code; shown, and downloaded as PNG.
 */
export function PosterDialog(props: { link: InviteLinkItem; onClose(): void }) {
  const { t } = useTranslation();
  const { link } = props;
  const vendorName = activeVendor(useSession())?.name ?? "";
  const [png, setPng] = useState<{ blob: Blob; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const scan = t("invitations.poster.scan");
  const code = t("invitations.poster.code", { code: link.code });
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    posterPng(link, vendorName || link.coupon_name, scan, code)
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setPng({ blob, url });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [link, vendorName, scan, code]);
  return (
    <AppModal
      open
      title={t("invitations.poster.title", { code: link.code })}
      onCancel={props.onClose}
      footer={[
        <Button key="close" onClick={props.onClose}>
          {t("common.close")}
        </Button>,
        <Button
          key="download"
          type="primary"
          disabled={!png}
          onClick={() => png && downloadBlob(png.blob, posterFileName(link.code))}
          data-testid="invitation-poster-download"
        >
          {t("invitations.poster.download")}
        </Button>,
      ]}
    >
      {failed ? (
        <Alert type="error" showIcon message={t("invitations.poster.failed")} />
      ) : png ? (
        <img
          src={png.url}
          alt={t("invitations.poster.title", { code: link.code })}
          style={{ display: "block", width: "100%", maxWidth: 420, margin: "0 auto", border: "1px solid #d9d9d9" }}
          data-testid="invitation-poster-image"
        />
      ) : (
        <div style={{ textAlign: "center", padding: 48 }}>
          <Spin />
        </div>
      )}
    </AppModal>
  );
}
