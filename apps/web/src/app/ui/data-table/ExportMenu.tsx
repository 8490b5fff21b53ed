import { DownloadOutlined } from "@ant-design/icons";
import { type ExportCell, formatFileSize } from "@washboard/shared";
import { Button, Dropdown, Progress, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AppModal } from "../AppModal";
import type { ExportFormat } from "./export";
import type { DataColumn } from "./types";
import { type ExportDownload, type ExportRows, useExport } from "./useExport";

const FORMATS: { format: ExportFormat; labelKey: string }[] = [
  { format: "xlsx", labelKey: "table.exportExcel" },
  { format: "csv", labelKey: "table.exportCsv" },
  { format: "html", labelKey: "table.exportHtml" },
];

/** The Export dropdown of a list, and the progress dialog while a long export runs. */
export function ExportMenu<Row>(props: {
  load: ExportRows<Row>;
  download?: ExportDownload;
  columns: DataColumn<Row>[];
  title: string;
  knownTotal?: number;
  trailingRows?: ExportCell[][];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { progress, start, cancel } = useExport(props);
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  const progressText = () => {
    if (progress?.receivedBytes !== undefined)
      return t("table.exportReceived", { size: formatFileSize(progress.receivedBytes), total: progress.total });
    if (progress?.building) return t("table.exportPreparing");
    return t("table.exportProgress", { done: progress?.done ?? 0, total: progress?.total ?? 0 });
  };
  return (
    <>
      <Dropdown
        disabled={props.disabled || progress !== null}
        trigger={["click"]}
        menu={{
          items: FORMATS.map(({ format, labelKey }) => ({
            key: format,
            label: <span data-testid={`export-${format}`}>{t(labelKey)}</span>,
          })),
          onClick: ({ key }) => start(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={progress !== null} data-testid="table-export">
          {t("table.export")}
        </Button>
      </Dropdown>
      <AppModal
        open={progress !== null}
        title={t("table.exporting")}
        closable={false}
        maskClosable={false}
        keyboard={false}
        okButtonProps={{ style: { display: "none" } }}
        cancelText={t("common.cancel")}
        onCancel={cancel}
      >
        <div data-testid="export-progress">
          {progress?.receivedBytes === undefined ? (
            <Progress percent={progress?.building ? 100 : percent} status="active" />
          ) : (
            <Spin />
          )}
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {progressText()}
          </Typography.Text>
        </div>
      </AppModal>
    </>
  );
}
