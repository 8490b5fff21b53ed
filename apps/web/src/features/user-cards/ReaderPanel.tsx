import { DownloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API, type CardItem, formatMoney, LAYOUT } from "@washboard/shared";
import { Alert, Button, Descriptions, Drawer, Space, Spin, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { toastError, toastSuccess } from "../../app/feedback/toast";
import { useActiveVendorId } from "../../app/session/store";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import { BindDialog } from "./BindDialog";
import { NewCardDialog } from "./CardDialog";
import type { CardReaderState } from "./reader/card-reader-client";
import { useCardReader } from "./reader/useCardReader";
import { TopUpDialog } from "./TopUpDialog";

/** The card-reader app as one file, built with the console (scripts/build-card-reader.mjs). */
const CARD_READER_DOWNLOAD = "/downloads/washboard-card-reader.mjs";

const ALERT_TYPE: Record<CardReaderState, "info" | "error" | "warning" | "success"> = {
  connecting: "info",
  failed: "error",
  no_reader: "warning",
  waiting: "info",
  reading: "info",
  card: "success",
};

/**
 * The card-reader binding flow (spec §4): connect to the bridge on this computer (only while this
 * panel is open), wait for a card, read it, show the registered card and its owner, then register,
 * bind or top up it — a top-up is written back to the card, so offline machines see it too.
 */
export function ReaderPanel(props: { canModify: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`);
  const reader = useCardReader();
  const activeVendorId = useActiveVendorId();
  const uuid = reader.card?.uuid ?? null;
  const registered = useQuery({
    queryKey: queryKeys.call(API.members.cardByUuid, activeVendorId, { uuid }),
    queryFn: () => call(API.members.cardByUuid, { uuid: uuid ?? "" }),
    enabled: uuid !== null,
    retry: false,
  });
  const [dialog, setDialog] = useState<"register" | "bind" | "topUp" | null>(null);
  const card: CardItem | undefined = uuid !== null ? registered.data : undefined;

  async function writeToCard(balance: number) {
    if (!uuid) return;
    try {
      await reader.writeBalance(uuid, balance);
      toastSuccess("cardReader.written");
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Drawer
      open
      onClose={props.onClose}
      size={narrow ? "100%" : 560}
      title={t("cardReader.title")}
      destroyOnHidden
      data-testid="card-reader"
    >
      <Alert
        type={ALERT_TYPE[reader.state]}
        showIcon
        title={t(`cardReader.state.${reader.state}`)}
        description={reader.error?.message}
        data-testid="card-reader-state"
        data-state={reader.state}
      />
      {reader.state === "failed" && (
        <div style={{ marginTop: 16 }} data-testid="card-reader-install">
          <Typography.Title level={5}>{t("cardReader.install.title")}</Typography.Title>
          <Typography.Paragraph>{t("cardReader.install.download")}</Typography.Paragraph>
          <Button
            icon={<DownloadOutlined />}
            href={CARD_READER_DOWNLOAD}
            download
            data-testid="card-reader-download"
            style={{ marginBottom: 12 }}
          >
            {CARD_READER_DOWNLOAD.split("/").pop()}
          </Button>
          <Typography.Paragraph code copyable>
            node washboard-card-reader.mjs
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t("cardReader.install.text")}</Typography.Paragraph>
          <Typography.Paragraph code copyable>
            npm run card-reader
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t("cardReader.install.retry")}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {t("cardReader.install.docs")}: <Typography.Text code>docs/card-reader-protocol.md</Typography.Text>
          </Typography.Paragraph>
        </div>
      )}
      {reader.state === "reading" && <Spin style={{ display: "block", marginTop: 24 }} />}
      {reader.card && (
        <Space direction="vertical" style={{ width: "100%", marginTop: 16 }}>
          <Descriptions size="small" column={1} bordered data-testid="card-reader-card">
            <Descriptions.Item label={t("cardReader.uuid")}>
              <span data-testid="card-reader-uuid">{reader.card.uuid}</span>
            </Descriptions.Item>
            {card && (
              <>
                <Descriptions.Item label={t("cards.fields.cardNumber")}>{card.card_number}</Descriptions.Item>
                <Descriptions.Item label={t("cards.fields.type")}>{t(`cards.type.${card.type}`)}</Descriptions.Item>
                <Descriptions.Item label={t("cards.fields.balance")}>
                  <span data-testid="card-reader-balance">{formatMoney(card.balance, card.currency)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t("cardReader.owner")}>
                  <span data-testid="card-reader-owner">
                    {card.member_id
                      ? [card.member_phone, card.member_name].filter(Boolean).join(" · ")
                      : t("cardReader.noOwner")}
                  </span>
                </Descriptions.Item>
                <Descriptions.Item label={t("cards.fields.status")}>
                  {t(`cards.status.${card.status}`)}
                </Descriptions.Item>
              </>
            )}
            {card && reader.card.balance !== null && (
              <Descriptions.Item label={t("cardReader.onCard")}>
                {formatMoney(reader.card.balance, card.currency)}
              </Descriptions.Item>
            )}
          </Descriptions>
          {registered.isLoading && <Spin />}
          {registered.isError && (
            <Alert type="warning" showIcon title={t("cardReader.unknownCard")} data-testid="card-reader-unknown" />
          )}
          {props.canModify && (
            <Space wrap>
              {registered.isError && (
                <Button type="primary" onClick={() => setDialog("register")} data-testid="card-reader-register">
                  {t("cardReader.register")}
                </Button>
              )}
              {card && card.member_id === null && card.status === "active" && (
                <Button type="primary" onClick={() => setDialog("bind")} data-testid="card-reader-bind">
                  {t("cards.actions.bind")}
                </Button>
              )}
              {card && card.status === "active" && card.type !== "free" && card.type !== "admin" && (
                <Button onClick={() => setDialog("topUp")} data-testid="card-reader-top-up">
                  {t("cards.actions.topUp")}
                </Button>
              )}
              {card && card.balance !== reader.card.balance && (
                <Button onClick={() => void writeToCard(card.balance)} data-testid="card-reader-write">
                  {t("cardReader.writeBalance")}
                </Button>
              )}
            </Space>
          )}
        </Space>
      )}
      {dialog === "register" && uuid && (
        <NewCardDialog uuid={uuid} onClose={() => setDialog(null)} onCreated={() => void registered.refetch()} />
      )}
      {dialog === "bind" && card && (
        <BindDialog card={card} onClose={() => setDialog(null)} onDone={() => void registered.refetch()} />
      )}
      {dialog === "topUp" && card && (
        <TopUpDialog
          card={card}
          onClose={() => setDialog(null)}
          onDone={(topped) => {
            void registered.refetch();
            void writeToCard(topped.balance);
          }}
        />
      )}
    </Drawer>
  );
}
