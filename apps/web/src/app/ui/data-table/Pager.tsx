import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Select, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PAGE_SIZE_OPTIONS } from "./useKeysetList";

/** Previous / next over keyset pages, the page number out of the total, and the page size. */
export function Pager(props: {
  page: number;
  pages: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  loading: boolean;
  onPrevious(): void;
  onNext(): void;
  onPageSize(size: number): void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap className="data-table-pager" data-testid="table-pager">
      <Button
        icon={<LeftOutlined />}
        aria-label={t("table.previous")}
        title={t("table.previous")}
        disabled={!props.hasPrevious || props.loading}
        onClick={props.onPrevious}
        data-testid="table-previous"
      />
      <Typography.Text data-testid="table-page">
        {t("table.page", { page: props.page, pages: props.pages })}
      </Typography.Text>
      <Button
        icon={<RightOutlined />}
        aria-label={t("table.next")}
        title={t("table.next")}
        disabled={!props.hasNext || props.loading}
        onClick={props.onNext}
        data-testid="table-next"
      />
      <Select
        value={props.pageSize}
        onChange={props.onPageSize}
        aria-label={t("table.pageSizeLabel")}
        options={PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: t("table.pageSize", { size }) }))}
        popupMatchSelectWidth={false}
        data-testid="table-page-size"
      />
    </Space>
  );
}
