import { useQuery } from "@tanstack/react-query";
import { API, formatMoney, LIST_PAGE_SIZE, type PriceExplanation } from "@washboard/shared";
import { Alert, Button, Card, DatePicker, Empty, Form, Select, Spin, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { errorText } from "../../app/feedback/toast";
import { useActiveVendorId } from "../../app/session/store";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { deviceLabel } from "../devices/command-form";
import { adjustmentLabel } from "./labels";
import { zonedSeconds } from "./zoned-time";
import "./promotions.css";

interface PreviewForm {
  device_id?: number;
  at?: Dayjs | null;
}

interface PreviewRequest {
  device_id: number;
  at?: number;
}

/**
 * The vendor's machines to choose from: the device log's select's call and cached answer (the
 * first page of the most the list gives), as "name (serial)".
 */
function useMachineChoices() {
  const activeVendorId = useActiveVendorId();
  return useQuery({
    queryKey: queryKeys.call(API.devices.list, activeVendorId, {}, LIST_PAGE_SIZE.max, null),
    queryFn: () => call(API.devices.list, { page_size: LIST_PAGE_SIZE.max }),
    select: (result) => result.items.map((d) => ({ value: d.id, label: deviceLabel(d) })),
  });
}

/** One program's price: the list price, each step with its rule and what is left, the final price. */
function ProgramPrice(props: { name: string; price: PriceExplanation; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const { price, money } = props;
  const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
  return (
    <Card size="small" title={props.name} className="price-preview-program" data-testid="price-preview-program">
      <div className="price-preview-line">
        <span>{t("promotions.preview.listPrice")}</span>
        <span data-testid="price-preview-list">{money(price.list_price)}</span>
      </div>
      {price.adjustments.length === 0 && (
        <Typography.Text type="secondary" className="price-preview-none">
          {t("promotions.preview.noAdjustments")}
        </Typography.Text>
      )}
      {price.adjustments.map((step) => (
        <div
          // A rule applies once to a price: its kind and id tell its step apart.
          key={`${step.kind}-${step.rule_id}`}
          className="price-preview-line price-preview-step"
          data-testid="price-preview-adjustment"
        >
          <span className="price-preview-rule">
            <Tag>{adjustmentLabel(step.kind)}</Tag>
            <span>{step.name}</span>
          </span>
          <span className="price-preview-amounts">
            <span>{signed(step.amount)}</span>
            <Typography.Text type="secondary">
              {t("promotions.preview.after", { price: money(step.price_after) })}
            </Typography.Text>
          </span>
        </div>
      ))}
      <div className="price-preview-line price-preview-final">
        <Typography.Text strong>{t("promotions.preview.finalPrice")}</Typography.Text>
        <Typography.Text strong data-testid="price-preview-final">
          {money(price.final_price)}
        </Typography.Text>
      </div>
    </Card>
  );
}

/**
 * The price preview: what each program of a machine costs at a moment (now unless one is picked),
 * with every time-of-day price, promotion and discount that applies, from the pricing engine the
 * pay page uses.
 */
export function PricePreviewTab() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const activeVendorId = useActiveVendorId();
  const { hideSymbol } = useMoneyDisplay();
  const machines = useMachineChoices();
  const [request, setRequest] = useState<PreviewRequest | null>(null);
  const preview = useQuery({
    queryKey: queryKeys.call(API.promotions.preview, activeVendorId, request),
    queryFn: () => call(API.promotions.preview, request ?? { device_id: 0 }),
    enabled: request !== null,
  });
  const money = (minor: number) => formatMoney(minor, preview.data?.currency ?? "USD", { hideSymbol });

  const submit = (values: PreviewForm) => {
    if (values.device_id === undefined) return;
    const next = { device_id: values.device_id, ...(values.at ? { at: zonedSeconds(values.at, timeZone) } : {}) };
    // The same machine and moment again (or "now" again): ask again rather than show the cached answer.
    if (JSON.stringify(next) === JSON.stringify(request)) void preview.refetch();
    else setRequest(next);
  };

  return (
    <div data-testid="price-preview">
      <Typography.Paragraph type="secondary">{t("promotions.preview.notice")}</Typography.Paragraph>
      <Form<PreviewForm> layout="vertical" className="price-preview-form" name="price-preview" onFinish={submit}>
        <Form.Item
          name="device_id"
          label={t("promotions.preview.machine")}
          className="price-preview-field"
          rules={[{ required: true, message: t("validation.noDevices") }]}
        >
          <Select
            showSearch={{ optionFilterProp: "label" }}
            placeholder={t("promotions.preview.machinePlaceholder")}
            loading={machines.isLoading}
            options={machines.data ?? []}
            notFoundContent={t("promotions.preview.noMachines")}
            data-testid="price-preview-machine"
          />
        </Form.Item>
        <Form.Item
          name="at"
          label={t("promotions.preview.at")}
          className="price-preview-field"
          extra={t("promotions.preview.atHint", { zone: timeZone })}
        >
          <DatePicker
            showTime={{ format: "HH:mm" }}
            format="YYYY-MM-DD HH:mm"
            placeholder={t("promotions.preview.now")}
            style={{ width: "100%" }}
            data-testid="price-preview-at"
          />
        </Form.Item>
        <Form.Item className="price-preview-submit">
          <Button type="primary" htmlType="submit" loading={preview.isFetching} data-testid="price-preview-run">
            {t("promotions.preview.run")}
          </Button>
        </Form.Item>
      </Form>
      {preview.isError && (
        <Alert type="error" showIcon title={errorText(preview.error)} data-testid="price-preview-error" />
      )}
      {request && preview.isPending && <Spin />}
      {preview.data && preview.data.programs.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("promotions.preview.noPrograms")} />
      )}
      {preview.data && preview.data.programs.length > 0 && (
        <div className="price-preview-result" data-testid="price-preview-result">
          {preview.data.programs.map((program) => (
            <ProgramPrice
              key={program.option}
              name={program.name || program.option || t("promotions.preview.basicProgram")}
              price={program.price}
              money={money}
            />
          ))}
        </div>
      )}
    </div>
  );
}
