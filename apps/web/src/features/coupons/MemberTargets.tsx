import { useQuery } from "@tanstack/react-query";
import { API, type MemberListFilters, parseMoney } from "@washboard/shared";
import { Col, Form, type FormInstance, Row, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useActiveVendorId, useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { type MemberFilterForm, memberFilterFields, toMemberFilters } from "../members/filters";

/**
 * The members list's filter fields (the members screen's own), inside a dialog's form under
 * `filters`, with how many members they match now.
 */
export function MemberFilterFields(props: { form: FormInstance; testId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const alliances = useSession()?.alliances ?? [];
  const filters = useMemberFilters(props.form);
  const activeVendorId = useActiveVendorId();
  const matching = useQuery({
    queryKey: queryKeys.call(API.members.list, activeVendorId, filters, 1, "matching"),
    queryFn: () => call(API.members.list, { ...filters, page_size: 1 }),
    select: (page) => page.total,
  });
  return (
    <div data-testid={props.testId}>
      <Row gutter={16}>
        {memberFilterFields(timeZone, { shops: can("shop_query") }, alliances).map((field) => (
          <Col key={field.name} xs={24} md={field.wide ? 24 : 12}>
            <Form.Item
              name={["filters", field.name]}
              label={t(field.labelKey)}
              valuePropName={field.valuePropName ?? "value"}
            >
              {field.input}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary" data-testid={`${props.testId}-matching`}>
        {matching.data === undefined ? "…" : t("coupons.give.matching", { count: matching.data })}
      </Typography.Text>
    </div>
  );
}

/** The list call's filters from the form's `filters` values, as the members screen makes them. */
export function useMemberFilters(form: FormInstance): MemberListFilters {
  const timeZone = useTimeZone();
  const display = useMoneyDisplay();
  const values = (Form.useWatch("filters", form) ?? {}) as MemberFilterForm;
  return toMemberFilters(values, timeZone, (text) => parseMoney(text, display.currency));
}

/** A select of the vendor's members, searched on the server by phone, card number or name as one types. */
export function MemberPicker(props: { value?: number[]; onChange?: (ids: number[]) => void; testId: string }) {
  const { t } = useTranslation();
  const activeVendorId = useActiveVendorId();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const body = { ...(search ? { search } : {}), page_size: 20 };
  const found = useQuery({
    queryKey: queryKeys.call(API.members.list, activeVendorId, body, "picker"),
    queryFn: () => call(API.members.list, body),
  });
  // Chosen members stay labelled while other searches run.
  const [known, setKnown] = useState(new Map<number, string>());
  const options = (found.data?.items ?? []).map((m) => ({
    value: m.id,
    label: m.name ? `${m.name} · ${m.phone}` : m.phone,
  }));
  useEffect(() => {
    if (options.length === 0) return;
    setKnown((before) => {
      const next = new Map(before);
      for (const o of options) next.set(o.value, o.label);
      return next.size === before.size ? before : next;
    });
  }, [options]);
  const chosen = (props.value ?? []).filter((id) => !options.some((o) => o.value === id));
  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={props.value}
      onChange={(ids) => props.onChange?.(ids)}
      loading={found.isFetching}
      placeholder={t("coupons.give.membersHint")}
      options={[...chosen.map((id) => ({ value: id, label: known.get(id) ?? String(id) })), ...options]}
      notFoundContent={found.isFetching ? "…" : t("table.empty")}
      data-testid={props.testId}
    />
  );
}
