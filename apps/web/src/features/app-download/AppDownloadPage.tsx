import { DownloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API } from "@washboard/shared";
import { Alert, Button, Card, Empty, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { errorText } from "../../app/feedback/toast";
import { CopyableText } from "../../app/ui/CopyableText";
import { downloadBlob } from "../../app/ui/data-table/download";
import { PageSpinner } from "../../app/ui/PageSpinner";
import { type QrCardText, qrCardPng, qrFileName } from "../../app/ui/qr/qr-image";
import "./app-download.css";

type QrImage = { state: "drawing" } | { state: "failed" } | { state: "ready"; png: Blob; url: string };

/** The printable QR card of `link` (the pay QR codes' card), drawn once per link and title. */
function useQrCard(link: string, text: QrCardText): QrImage {
  const [image, setImage] = useState<QrImage>({ state: "drawing" });
  const { shopName, codeName } = text;
  useEffect(() => {
    let live = true;
    let url: string | undefined;
    setImage({ state: "drawing" });
    qrCardPng(link, { shopName, codeName }).then(
      (png) => {
        if (!live) return;
        url = URL.createObjectURL(png);
        setImage({ state: "ready", png, url });
      },
      // No canvas in this browser, or a link too long for a QR code: the link itself still serves.
      () => live && setImage({ state: "failed" }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [link, shopName, codeName]);
  return image;
}

function AppQr({ link, title }: { link: string; title: string }) {
  const { t } = useTranslation();
  const text = { shopName: title, codeName: t("appDownload.scan") };
  const image = useQrCard(link, text);
  return (
    <>
      {image.state === "ready" ? (
        <img className="app-download-qr" src={image.url} alt={t("appDownload.qrAlt", { app: title })} />
      ) : image.state === "failed" ? (
        <Alert type="warning" showIcon title={t("appDownload.qrFailed")} />
      ) : (
        <div className="app-download-qr-placeholder">
          <PageSpinner />
        </div>
      )}
      <div className="app-download-link" data-testid="app-download-link">
        <CopyableText text={link} />
      </div>
      <Button
        icon={<DownloadOutlined />}
        disabled={image.state !== "ready"}
        onClick={() => image.state === "ready" && downloadBlob(image.png, qrFileName(text))}
      >
        {t("appDownload.downloadPng")}
      </Button>
    </>
  );
}

function AppCard(props: { titleKey: string; hintKey: string; link: string; testId: string }) {
  const { t } = useTranslation();
  const title = t(props.titleKey);
  return (
    <Card className="app-download-card" title={title} data-testid={props.testId}>
      <Typography.Text type="secondary">{t(props.hintKey)}</Typography.Text>
      {props.link === "" ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("appDownload.notSet")} />
      ) : (
        <AppQr link={props.link} title={title} />
      )}
    </Card>
  );
}

/** /app/download: the two apps' download QR codes and links, as the platform administrator set them. */
export default function AppDownloadPage() {
  const { t } = useTranslation();
  const links = useQuery({
    queryKey: queryKeys.call(API.systemConfig.appLinks),
    queryFn: () => call(API.systemConfig.appLinks, {}),
  });
  if (links.isPending) return <PageSpinner />;
  if (links.isError) return <Alert type="error" showIcon title={errorText(links.error)} />;
  return (
    <div data-testid="app-download-page">
      <Typography.Paragraph className="app-download-intro">{t("appDownload.intro")}</Typography.Paragraph>
      <div className="app-download-cards">
        <AppCard
          titleKey="appDownload.customer"
          hintKey="appDownload.customerHint"
          link={links.data.customer_url}
          testId="app-download-customer"
        />
        <AppCard
          titleKey="appDownload.operator"
          hintKey="appDownload.operatorHint"
          link={links.data.operator_url}
          testId="app-download-operator"
        />
      </div>
    </div>
  );
}
