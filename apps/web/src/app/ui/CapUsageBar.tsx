import { PlusOutlined } from "@ant-design/icons";
import { Button, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { CapUsage } from "./useCapUsage";

/**
 * The add button of a capped list and its usage ("3 of 5 shops"): once the cap is reached the button
 * is disabled, saying why, and the usage turns red.
 */
export function CapUsageBar(props: {
  usage: CapUsage | undefined;
  add: {
    labelKey: string;
    /** i18n key of why nothing more may be added (the server's limit error). */
    fullKey: string;
    testId: string;
    /** Usually a `can(...)` check; leaving it out means yes. */
    allowed?: boolean;
    onClick(): void;
  };
  /** i18n key of the usage text, taking `count` and `limit`. */
  usageKey: string;
  usageTestId: string;
}) {
  const { t } = useTranslation();
  const { usage, add } = props;
  const full = usage?.full ?? false;
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      {add.allowed !== false && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={add.onClick}
          disabled={full}
          title={full ? t(add.fullKey) : undefined}
          data-testid={add.testId}
        >
          {t(add.labelKey)}
        </Button>
      )}
      {usage && (
        <Typography.Text type={full ? "danger" : "secondary"} data-testid={props.usageTestId}>
          {t(props.usageKey, { count: usage.count, limit: usage.limit })}
        </Typography.Text>
      )}
    </Space>
  );
}
