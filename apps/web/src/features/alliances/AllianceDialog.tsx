import { useQuery } from "@tanstack/react-query";
import { ALLIANCE_TYPES, type AllianceItem, type AllianceType, API, allianceFields } from "@washboard/shared";
import { Form, Input, Select } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { allianceTypeLabel } from "./labels";

export interface AllianceForm {
  name: string;
  type?: AllianceType;
  shop_ids: number[];
  ecard_id?: number | null;
  remark: string;
}

const EMPTY: AllianceForm = { name: "", shop_ids: [], ecard_id: null, remark: "" };

function toForm(alliance: AllianceItem | null): AllianceForm {
  if (!alliance) return EMPTY;
  return {
    name: alliance.name,
    type: alliance.type as AllianceType,
    shop_ids: alliance.shops.map((s) => s.id),
    ecard_id: alliance.ecard_id,
    remark: alliance.remark,
  };
}

/** The create call's payload (a change adds the alliance's id). */
function toPayload(values: AllianceForm) {
  return {
    name: values.name,
    type: values.type as AllianceType,
    shop_ids: values.shop_ids ?? [],
    ecard_id: values.ecard_id ?? null,
    remark: values.remark ?? "",
  };
}

/**
 * Create (alliance null) or edit an alliance. The member picker offers the vendor's shops in no
 * alliance, plus, when editing, the alliance's own members; the card template picker the group's
 * virtual cards.
 */
export function AllianceDialog(props: { alliance: AllianceItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = props.alliance;
  const freeShops = useQuery({
    queryKey: queryKeys.call(API.alliances.freeShops),
    queryFn: () => call(API.alliances.freeShops, {}),
  });
  const ecards = useQuery({
    queryKey: queryKeys.call(API.alliances.ecards),
    queryFn: () => call(API.alliances.ecards, {}),
  });

  const shopOptions = useMemo(() => {
    const own = (editing?.shops ?? []).map((s) => ({ value: s.id, label: s.name }));
    const free = (freeShops.data?.shops ?? []).map((s) => ({ value: s.id, label: s.name, title: s.address }));
    return [...own, ...free].sort((a, b) => a.label.localeCompare(b.label));
  }, [editing, freeShops.data]);

  return (
    <EntityDialog
      record={editing}
      create={API.alliances.create}
      modify={API.alliances.modify}
      createBody={toPayload}
      modifyBody={(values: AllianceForm, alliance) => ({ ...toPayload(values), id: alliance.id })}
      initialValues={toForm(editing)}
      titleKeys={{ add: "alliances.add", edit: "alliances.edit" }}
      name="alliance"
      testId="alliance-form"
      onClose={props.onClose}
    >
      <Form.Item name="name" label={t("alliances.fields.name")} rules={[zodRule(allianceFields.name)]}>
        <Input maxLength={64} data-testid="alliance-name" />
      </Form.Item>
      <Form.Item name="type" label={t("alliances.fields.type")} rules={[zodRule(allianceFields.type)]}>
        <Select
          options={ALLIANCE_TYPES.map((type) => ({ value: type, label: allianceTypeLabel(type) }))}
          data-testid="alliance-type"
        />
      </Form.Item>
      <Form.Item name="shop_ids" label={t("alliances.fields.shops")}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          placeholder={t("alliances.shopsPlaceholder")}
          options={shopOptions}
          loading={freeShops.isFetching}
          data-testid="alliance-shops"
        />
      </Form.Item>
      <Form.Item name="ecard_id" label={t("alliances.fields.ecard")}>
        <Select
          allowClear
          placeholder={t("alliances.ecardPlaceholder")}
          options={(ecards.data?.ecards ?? []).map((c) => ({ value: c.id, label: c.name }))}
          loading={ecards.isFetching}
          data-testid="alliance-ecard"
        />
      </Form.Item>
      <Form.Item name="remark" label={t("alliances.fields.remark")} rules={[zodRule(allianceFields.remark)]}>
        <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 4 }} data-testid="alliance-remark" />
      </Form.Item>
    </EntityDialog>
  );
}
