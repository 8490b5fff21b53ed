import { useQuery } from "@tanstack/react-query";
import {
  API,
  type BodyOf,
  LIST_PAGE_SIZE,
  MACHINE_TYPES,
  type MachineType,
  machineTypeLabelKey,
  rolloutPlanFields,
} from "@washboard/shared";
import { Col, Form, InputNumber, Radio, Row, Select, Switch, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { zodRule } from "../../app/forms/zod-rule";
import { useActiveVendorId } from "../../app/session/store";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { useShopOptions } from "../shops/queries";

interface RolloutForm {
  package_id?: number;
  shop_ids: number[];
  machine_types: MachineType[];
  from_versions: string[];
  canary_shop_ids: number[];
  first_wave_by: "count" | "percent";
  first_wave: number;
  growth_factor: number;
  success_threshold: number;
  error_threshold: number;
  min_finished: number;
  max_tries: number;
  quiet_hours: boolean;
  window_start?: Dayjs | null;
  window_end?: Dayjs | null;
}

const INITIAL: RolloutForm = {
  shop_ids: [],
  machine_types: [],
  from_versions: [],
  canary_shop_ids: [],
  first_wave_by: "count",
  first_wave: 1,
  growth_factor: 2,
  success_threshold: 95,
  error_threshold: 10,
  min_finished: 3,
  max_tries: 3,
  quiet_hours: false,
  window_start: dayjs().hour(2).minute(0),
  window_end: dayjs().hour(5).minute(0),
};

const minuteOf = (time: Dayjs | null | undefined) => (time ? time.hour() * 60 + time.minute() : null);

function toRolloutBody(values: RolloutForm): BodyOf<typeof API.ota.createRollout> {
  const { first_wave_by, first_wave, quiet_hours, window_start, window_end, package_id, ...rest } = values;
  return {
    ...rest,
    package_id: package_id ?? 0,
    ...(first_wave_by === "count" ? { first_wave_count: first_wave } : { first_wave_percent: first_wave }),
    window_start: quiet_hours ? minuteOf(window_start) : null,
    window_end: quiet_hours ? minuteOf(window_end) : null,
  };
}

/**
 * A new rollout: which package, which machines (shops, types, the versions they run now; none: all
 * the vendor's), and how — the first wave (a canary, from chosen shops first), how the waves grow,
 * the thresholds that start the next wave or pause the rollout, quiet hours in the shops' time,
 * and tries per machine.
 */
export function RolloutDialog(props: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RolloutForm>();
  const vendorId = useActiveVendorId();
  const packages = useQuery({
    queryKey: queryKeys.call(API.ota.packages, vendorId, LIST_PAGE_SIZE.max),
    queryFn: () => call(API.ota.packages, { page_size: LIST_PAGE_SIZE.max }),
    select: (page) => page.items.map((p) => ({ value: p.id, label: p.version })),
  });
  const shops = useShopOptions((options) => options.shops.map((s) => ({ value: s.id, label: s.name })));
  const by = Form.useWatch("first_wave_by", form) ?? INITIAL.first_wave_by;
  const quiet = Form.useWatch("quiet_hours", form) ?? false;
  const f = rolloutPlanFields;
  const shopSelect = (testId: string) => (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: "label" }}
      placeholder={t("ota.allShops")}
      loading={shops.isLoading}
      options={shops.data ?? []}
      data-testid={testId}
    />
  );
  return (
    <EntityDialog
      record={null}
      create={API.ota.createRollout}
      modify={API.ota.createRollout}
      createBody={toRolloutBody}
      initialValues={INITIAL}
      form={form}
      titleKeys={{ add: "ota.addRollout", edit: "ota.addRollout" }}
      name="ota-rollout"
      testId="ota-rollout-form"
      onClose={props.onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="package_id"
            label={t("ota.fields.package")}
            rules={[{ required: true, message: t("validation.required") }]}
          >
            <Select
              loading={packages.isLoading}
              options={packages.data ?? []}
              showSearch={{ optionFilterProp: "label" }}
              data-testid="ota-rollout-package"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="shop_ids" label={t("ota.fields.shops")} extra={t("ota.shopsHint")}>
            {shopSelect("ota-rollout-shops")}
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="machine_types" label={t("ota.fields.machineTypes")}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t("ota.allTypes")}
              options={MACHINE_TYPES.map((type) => ({ value: type, label: t(machineTypeLabelKey(type)) }))}
              data-testid="ota-rollout-types"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="from_versions" label={t("ota.fields.fromVersions")} extra={t("ota.fromVersionsHint")}>
            <Select mode="tags" open={false} tokenSeparators={[","]} data-testid="ota-rollout-from" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="first_wave_by" label={t("ota.fields.firstWave")}>
            <Radio.Group
              options={[
                { value: "count", label: t("ota.byCount") },
                { value: "percent", label: t("ota.byPercent") },
              ]}
              data-testid="ota-rollout-first-by"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="first_wave"
            label={t(by === "count" ? "ota.fields.firstWaveCount" : "ota.fields.firstWavePercent")}
            rules={[zodRule(by === "count" ? f.first_wave_count.unwrap() : f.first_wave_percent.unwrap())]}
          >
            <InputNumber min={by === "count" ? 1 : 0.1} style={{ width: "100%" }} data-testid="ota-rollout-first" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="canary_shop_ids" label={t("ota.fields.canaryShops")} extra={t("ota.canaryHint")}>
            {shopSelect("ota-rollout-canary")}
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="growth_factor" label={t("ota.fields.growthFactor")} rules={[zodRule(f.growth_factor)]}>
            <InputNumber min={1} max={10} step={0.5} style={{ width: "100%" }} data-testid="ota-rollout-growth" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="success_threshold"
            label={t("ota.fields.successThreshold")}
            rules={[zodRule(f.success_threshold)]}
          >
            <InputNumber min={0} max={100} suffix="%" style={{ width: "100%" }} data-testid="ota-rollout-success" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="error_threshold" label={t("ota.fields.errorThreshold")} rules={[zodRule(f.error_threshold)]}>
            <InputNumber min={0} max={100} suffix="%" style={{ width: "100%" }} data-testid="ota-rollout-errors" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="min_finished" label={t("ota.fields.minFinished")} rules={[zodRule(f.min_finished)]}>
            <InputNumber min={1} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="max_tries" label={t("ota.fields.maxTries")} rules={[zodRule(f.max_tries)]}>
            <InputNumber min={1} max={10} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="quiet_hours"
            label={t("ota.fields.window")}
            valuePropName="checked"
            extra={t("ota.windowHint")}
          >
            <Switch data-testid="ota-rollout-quiet" />
          </Form.Item>
        </Col>
        {quiet && (
          <>
            <Col xs={12} md={8}>
              <Form.Item name="window_start" label={t("ota.fields.windowStart")}>
                <TimePicker format="HH:mm" allowClear={false} style={{ width: "100%" }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="window_end" label={t("ota.fields.windowEnd")}>
                <TimePicker format="HH:mm" allowClear={false} style={{ width: "100%" }} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </EntityDialog>
  );
}
