import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { API, type DeviceItem } from "@washboard/shared";
import { Button, Col, Form, Input, InputNumber, Row, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import {
  type CommandTarget,
  duplicateNames,
  initialParamRows,
  type ParamsForm,
  paramFields,
  paramsBody,
} from "./command-form";
import { TargetSummary } from "./TargetSummary";
import { type IssuedBatch, useCommandCall } from "./useCommandCall";
import { useLiveDevice } from "./useLiveDevice";

/** Spec §4 set parameters: rows of name → value (0 to 65534), sent to the target devices as their desired shadow. */
export function ParamsDialog(props: { target: CommandTarget; onIssued(batch: IssuedBatch): void; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParamsForm>();
  const { target } = props;
  const only = target.kind === "devices" && target.devices.length === 1 ? target.devices[0] : undefined;
  const save = useCommandCall(API.devices.updateShadow, {
    toBody: ({ values }: { values: ParamsForm; target: CommandTarget }) => paramsBody(values, target),
    onIssued: props.onIssued,
    onSuccess: props.onClose,
  });

  return (
    <FormModal
      form={form}
      open
      title={t("devices.kinds.set_params")}
      okText={t("devices.send")}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <TargetSummary target={target} />
      {only && <ShadowComparison device={only} />}
      <Form<ParamsForm>
        form={form}
        name="device-params"
        layout="vertical"
        initialValues={{ rows: initialParamRows(target) }}
        onFinish={(values) => save.mutate({ values, target })}
        data-testid="params-form"
      >
        <Form.List
          name="rows"
          rules={[
            {
              validator: async (_rule, rows: ParamsForm["rows"] | undefined) => {
                if (!rows || rows.length === 0) throw new Error(t("validation.noParams"));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div data-testid="params-rows">
              {fields.map((field, index) => (
                <Row key={field.key} gutter={8} align="top" wrap={false}>
                  <Col flex="auto">
                    <Form.Item
                      name={[field.name, "name"]}
                      label={index === 0 ? t("devices.params.name") : undefined}
                      dependencies={[["rows"]]}
                      rules={[
                        zodRule(paramFields.name),
                        ({ getFieldValue }) => ({
                          validator: async (_rule, name: string | undefined) => {
                            if (name && duplicateNames(getFieldValue("rows") ?? []).has(name)) {
                              throw new Error(t("validation.paramDuplicate"));
                            }
                          },
                        }),
                      ]}
                    >
                      <Input maxLength={32} aria-label={t("devices.params.name")} data-testid={`param-name-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col flex="120px">
                    <Form.Item
                      name={[field.name, "value"]}
                      label={index === 0 ? t("devices.params.value") : undefined}
                      rules={[zodRule(paramFields.value)]}
                    >
                      <InputNumber
                        min={0}
                        max={65534}
                        precision={0}
                        style={{ width: "100%" }}
                        aria-label={t("devices.params.value")}
                        data-testid={`param-value-${index}`}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="32px" className={index === 0 ? "param-remove-first" : undefined}>
                    <Button
                      danger
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t("devices.params.remove")}
                      title={t("devices.params.remove")}
                      onClick={() => remove(field.name)}
                      data-testid={`param-remove-${index}`}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ name: "", value: null })}
                data-testid="param-add"
              >
                {t("devices.params.add")}
              </Button>
              <Form.ErrorList errors={errors} />
              <Typography.Text type="secondary" className="device-dialog-help">
                {t("devices.params.help")}
              </Typography.Text>
            </div>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}

interface ParamComparison {
  name: string;
  reported: number | undefined;
  desired: number | undefined;
}

/**
 * One device's parameters side by side: what it reports (live) and what it is asked to have; a
 * difference is a value the machine has not applied yet.
 */
function ShadowComparison(props: { device: DeviceItem }) {
  const { t } = useTranslation();
  const device = useLiveDevice(props.device);
  const names = [...new Set([...Object.keys(device.params_reported), ...Object.keys(device.params_desired)])].sort();
  const rows: ParamComparison[] = names.map((name) => ({
    name,
    reported: device.params_reported[name],
    desired: device.params_desired[name],
  }));
  const shown = (value: number | undefined) => (value === undefined ? "—" : String(value));
  return (
    <div className="device-shadow" data-testid="params-comparison">
      <Typography.Text strong>{t("devices.params.current")}</Typography.Text>
      <Table<ParamComparison>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={rows}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("devices.params.noneReported") }}
        columns={[
          { key: "name", title: t("devices.params.name"), dataIndex: "name" },
          { key: "reported", title: t("devices.params.reported"), render: (_v, r) => shown(r.reported) },
          {
            key: "desired",
            title: t("devices.params.desired"),
            render: (_v, r) =>
              r.desired !== undefined && r.desired !== r.reported ? (
                <span>
                  {shown(r.desired)} <Tag color="blue">{t("devices.params.pending")}</Tag>
                </span>
              ) : (
                shown(r.desired)
              ),
          },
        ]}
      />
    </div>
  );
}
