import { useQuery } from "@tanstack/react-query";
import { API, type CardItem } from "@washboard/shared";
import { Form, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { useActiveVendorId } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";

interface BindForm {
  member_id?: number;
}

/** Binds a card to a member found by phone or name (spec §7 bind_card_by_account_id). */
export function BindDialog(props: { card: CardItem; onClose(): void; onDone?: (card: CardItem) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindForm>();
  const [search, setSearch] = useState("");
  const activeVendorId = useActiveVendorId();
  const filters = search.trim() ? { search: search.trim() } : {};
  const members = useQuery({
    queryKey: queryKeys.call(API.members.list, activeVendorId, filters, 20, "choices"),
    queryFn: () => call(API.members.list, { ...filters, page_size: 20 }),
    select: (page) => page.items.map((m) => ({ value: m.id, label: [m.phone, m.name].filter(Boolean).join(" · ") })),
  });
  const bind = useCallMutation(API.members.cardBind, {
    toBody: (values: BindForm) => ({ card_id: props.card.id, member_id: values.member_id ?? 0 }),
    success: "cards.bind.done",
    onSuccess: (card) => {
      props.onDone?.(card);
      props.onClose();
    },
  });
  return (
    <FormModal
      form={form}
      open
      title={t("cards.bind.title", { card: props.card.card_number })}
      onCancel={props.onClose}
      saving={bind.isPending}
    >
      <Form<BindForm> form={form} layout="vertical" name="card-bind" onFinish={(values) => bind.mutate(values)}>
        <Form.Item
          name="member_id"
          label={t("cards.bind.member")}
          rules={[{ required: true, message: t("validation.required") }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t("cards.bind.memberHint")}
            loading={members.isFetching}
            options={members.data ?? []}
            data-testid="card-bind-member"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
