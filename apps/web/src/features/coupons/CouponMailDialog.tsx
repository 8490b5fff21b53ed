import { useQuery } from "@tanstack/react-query";
import {
  API,
  type CouponDefinitionItem,
  type CouponMailOutcome,
  type CouponMailRecipient,
  formatTimestamp,
} from "@washboard/shared";
import { Button, Checkbox, Form, Input, List, Progress, Space, Statistic, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { i18next } from "../../app/i18n";
import { useActiveVendorId } from "../../app/session/store";
import { useTimeZone } from "../../app/session/useTimeZone";
import { AppModal } from "../../app/ui/AppModal";
import { addressesIssue, MAIL_ADDRESSES_MAX, pastedAddresses } from "./coupon-form";
import { MemberFilterFields, useMemberFilters } from "./MemberTargets";

interface MailForm {
  addresses?: string;
  members?: boolean;
  filters?: Record<string, unknown>;
}

const OUTCOME_COLOR: Record<CouponMailOutcome, string> = {
  pending: "processing",
  sent: "green",
  invalid_address: "orange",
  not_member: "default",
  refused: "red",
  failed: "red",
};

/** The pasted addresses pass the server's rule (at most the cap), and something is to be sent. */
async function addressesRule(text: string | undefined, members: boolean | undefined) {
  const issue = addressesIssue(text, members);
  if (issue) throw new Error(i18next.t(issue, { max: MAIL_ADDRESSES_MAX }));
}

/** One batch's progress bar, counts and each address's result, read again every second while any waits. */
function BatchProgress(props: { jobId: number }) {
  const { t } = useTranslation();
  const activeVendorId = useActiveVendorId();
  const body = { job_id: props.jobId };
  const job = useQuery({
    queryKey: queryKeys.call(API.members.couponMailJob, activeVendorId, body),
    queryFn: () => call(API.members.couponMailJob, body),
    refetchInterval: (query) => ((query.state.data?.pending ?? 1) > 0 ? 1_000 : false),
  });
  const data = job.data;
  if (!data) return <Progress percent={0} status="active" />;
  const done = data.total - data.pending;
  return (
    <div data-testid="coupon-mail-progress">
      <Progress
        percent={data.total === 0 ? 100 : Math.round((done / data.total) * 100)}
        status={data.pending > 0 ? "active" : data.sent === 0 && data.failed > 0 ? "exception" : "success"}
        aria-label={t("coupons.mail.progress", { done, total: data.total })}
      />
      <Typography.Text type="secondary">{t("coupons.mail.progress", { done, total: data.total })}</Typography.Text>
      <Space size={32} wrap style={{ display: "flex", margin: "12px 0" }}>
        <Statistic title={t("coupons.mail.sent")} value={data.sent} data-testid="coupon-mail-sent" />
        <Statistic title={t("coupons.mail.failed")} value={data.failed} data-testid="coupon-mail-failed" />
        <Statistic title={t("coupons.mail.pending")} value={data.pending} data-testid="coupon-mail-pending" />
      </Space>
      <Typography.Title level={5}>{t("coupons.mail.results")}</Typography.Title>
      <Table<CouponMailRecipient>
        size="small"
        rowKey="address"
        dataSource={data.recipients}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: "max-content" }}
        columns={[
          { key: "address", title: t("coupons.mail.address"), dataIndex: "address" },
          {
            key: "outcome",
            title: t("coupons.mail.outcome"),
            render: (_v, r) => <Tag color={OUTCOME_COLOR[r.outcome]}>{t(`coupons.mail.outcomes.${r.outcome}`)}</Tag>,
          },
          { key: "number", title: t("coupons.mail.number"), render: (_v, r) => r.unique_did ?? "" },
          {
            key: "detail",
            title: t("coupons.mail.detail"),
            dataIndex: "detail",
            width: 280,
            ellipsis: { showTitle: true },
          },
        ]}
        data-testid="coupon-mail-results"
      />
    </div>
  );
}

/**
 * Spec §7 batch_send_email_discount: the coupon by e-mail to pasted addresses and/or the addresses of
 * the members a filter matches; then the batch's progress and each address's result. Earlier batches
 * of the coupon can be looked at again.
 */
export function CouponMailDialog(props: { coupon: CouponDefinitionItem; onClose(): void }) {
  const { t } = useTranslation();
  const { coupon } = props;
  const timeZone = useTimeZone();
  const activeVendorId = useActiveVendorId();
  const [form] = Form.useForm<MailForm>();
  const members = Form.useWatch("members", form) ?? false;
  const filters = useMemberFilters(form);
  const [jobId, setJobId] = useState<number | null>(null);
  const earlierBody = { coupon_id: coupon.id };
  const earlier = useQuery({
    queryKey: queryKeys.call(API.members.couponMailJobs, activeVendorId, earlierBody),
    queryFn: () => call(API.members.couponMailJobs, earlierBody),
  });
  const send = useCallMutation(API.members.couponMail, {
    toBody: (values: MailForm) => ({
      coupon_id: coupon.id,
      addresses: pastedAddresses(values.addresses),
      ...(values.members ? { member_filters: filters } : {}),
    }),
    onSuccess: (job) => setJobId(job.id),
  });
  const title = t("coupons.mail.title", { coupon: `${coupon.code} · ${coupon.name}` });
  const footer =
    jobId === null
      ? [
          <Button key="cancel" onClick={props.onClose}>
            {t("common.cancel")}
          </Button>,
          <Button
            key="send"
            type="primary"
            loading={send.isPending}
            onClick={() => form.submit()}
            data-testid="coupon-mail-send"
          >
            {t("coupons.mail.submit")}
          </Button>,
        ]
      : [
          <Button key="again" onClick={() => setJobId(null)} data-testid="coupon-mail-new">
            {t("coupons.mail.newBatch")}
          </Button>,
          <Button key="close" type="primary" onClick={props.onClose}>
            {t("common.close")}
          </Button>,
        ];
  return (
    <AppModal open title={title} onCancel={props.onClose} footer={footer}>
      {jobId !== null ? (
        <BatchProgress jobId={jobId} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t("coupons.mail.hint")}</Typography.Paragraph>
          <Form<MailForm>
            form={form}
            layout="vertical"
            name="coupon-mail"
            initialValues={{ addresses: "", members: false }}
            onFinish={(values) => send.mutate(values)}
            data-testid="coupon-mail-form"
          >
            <Form.Item
              name="addresses"
              label={t("coupons.mail.addresses")}
              extra={t("coupons.mail.addressesHint", { max: MAIL_ADDRESSES_MAX })}
              dependencies={["members"]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: string | undefined) => addressesRule(value, getFieldValue("members")),
                }),
              ]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} data-testid="coupon-mail-addresses" />
            </Form.Item>
            <Form.Item name="members" valuePropName="checked">
              <Checkbox data-testid="coupon-mail-members">{t("coupons.mail.alsoMembers")}</Checkbox>
            </Form.Item>
            {members && <MemberFilterFields form={form} testId="coupon-mail-filters" />}
          </Form>
          {(earlier.data?.items.length ?? 0) > 0 && (
            <>
              <Typography.Title level={5}>{t("coupons.mail.earlier")}</Typography.Title>
              <List
                size="small"
                dataSource={earlier.data?.items ?? []}
                renderItem={(job) => (
                  <List.Item
                    actions={[
                      <Button key="view" type="link" size="small" onClick={() => setJobId(job.id)}>
                        {t("coupons.mail.view")}
                      </Button>,
                    ]}
                  >
                    {t("coupons.mail.batch", {
                      date: formatTimestamp(job.created_at, timeZone),
                      sent: job.sent,
                      failed: job.failed,
                      pending: job.pending,
                    })}
                  </List.Item>
                )}
                data-testid="coupon-mail-earlier"
              />
            </>
          )}
        </>
      )}
    </AppModal>
  );
}
