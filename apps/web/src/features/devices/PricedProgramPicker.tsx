import { useQuery } from "@tanstack/react-query";
import { API, formatMoney } from "@washboard/shared";
import { Form, type FormInstance, Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useActiveVendorId } from "../../app/session/store";
import type { StartProgramForm } from "./command-form";

/**
 * For a start on one machine: its programs priced now by the pricing engine (time-of-day price,
 * promotion), the pay page's price. Choosing one fills the program, price and minutes; the operator
 * may still change them.
 */
export function PricedProgramPicker<F extends StartProgramForm>(props: {
  form: FormInstance<F>;
  deviceId: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const { form, deviceId, currency } = props;
  const body = { device_id: deviceId };
  const activeVendorId = useActiveVendorId();
  const preview = useQuery({
    queryKey: queryKeys.call(API.promotions.preview, activeVendorId, body),
    queryFn: () => call(API.promotions.preview, body),
  });
  const programs = preview.data?.programs ?? [];
  if (!preview.isLoading && programs.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Form.Item label={t("devices.start.pricedProgram")} extra={t("devices.start.pricedProgramHelp")}>
      <Select
        loading={preview.isLoading}
        placeholder={t("devices.start.pricedProgramPlaceholder")}
        options={programs.map((p) => ({
          value: p.option,
          label:
            p.price.final_price === p.price.list_price
              ? `${p.name} · ${money(p.price.final_price)}`
              : `${p.name} · ${money(p.price.final_price)} (${money(p.price.list_price)})`,
        }))}
        onChange={(option: string) => {
          const chosen = programs.find((p) => p.option === option);
          if (!chosen) return;
          form.setFieldsValue({
            program: chosen.name,
            price: formatMoney(chosen.price.final_price, currency, { hideSymbol: true }),
            minutes: chosen.minutes,
          } as Partial<F> as never);
        }}
        data-testid="remote-start-priced-program"
      />
    </Form.Item>
  );
}
