import { MACHINE_TYPES, machineTypeLabelKey } from "@washboard/shared";
import { Col, Form, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useShopOptions } from "../shops/queries";
import { shopsText, typesText } from "./labels";

/** The vendor's shops as select options, from the shop screens' one cached answer. */
export function useShopChoices() {
  return useShopOptions((options) => options.shops.map((s) => ({ value: s.id, label: s.name })));
}

/** The vendor's shop names by id, for the scope columns. */
export function useShopNames(): ReadonlyMap<number, string> {
  const shops = useShopOptions((options) => new Map(options.shops.map((s) => [s.id, s.name] as const)));
  return shops.data ?? EMPTY;
}
const EMPTY: ReadonlyMap<number, string> = new Map();

/** The shops a rule applies to, empty for every shop: a column of a dialog's grid. */
export function ShopsField({ testId, md = 12 }: { testId: string; md?: number }) {
  const { t } = useTranslation();
  const shops = useShopChoices();
  return (
    <Col xs={24} md={md}>
      <Form.Item name="shop_ids" label={t("promotions.fields.shops")} extra={t("promotions.scopeHint")}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder={t("promotions.allShops")}
          loading={shops.isLoading}
          options={shops.data ?? []}
          data-testid={`${testId}-shops`}
        />
      </Form.Item>
    </Col>
  );
}

/**
 * Where a promotion or a time-of-day price applies: some shops and some machine types, each left
 * empty for all of them. Two columns of a dialog's grid.
 */
export function ScopeFields({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ShopsField testId={testId} />
      <Col xs={24} md={12}>
        <Form.Item name="machine_types" label={t("promotions.fields.machineTypes")}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t("promotions.allTypes")}
            options={MACHINE_TYPES.map((type) => ({ value: type, label: t(machineTypeLabelKey(type)) }))}
            data-testid={`${testId}-types`}
          />
        </Form.Item>
      </Col>
    </>
  );
}

/** A scope in a list's cell: the shops, and under them the machine types. */
export function ScopeCell(props: {
  scope: { shop_ids: readonly number[]; machine_types: readonly string[] };
  shopNames: ReadonlyMap<number, string>;
}) {
  return (
    <Typography.Text style={{ maxWidth: 280, display: "block" }}>
      {shopsText(props.scope.shop_ids, props.shopNames)}
      <br />
      <Typography.Text type="secondary">{typesText(props.scope.machine_types)}</Typography.Text>
    </Typography.Text>
  );
}
