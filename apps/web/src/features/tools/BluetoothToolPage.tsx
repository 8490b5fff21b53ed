import { API, type BluetoothInfo, type CommandItem, machineTypeLabelKey } from "@washboard/shared";
import { Alert, Button, Descriptions, Form, Result, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastError } from "../../app/feedback/toast";
import { bootSession } from "../../app/session/boot";
import { useSession } from "../../app/session/store";
import { PageSpinner } from "../../app/ui/PageSpinner";
import { type StartProgramForm, startProgramBody, startProgramDefaults } from "../devices/command-form";
import { FaultLabel } from "../devices/FaultLabel";
import { commandStateLabel, reasonLabel } from "../devices/labels";
import { StartProgramFields } from "../devices/StartProgramFields";
import { ToolsFrame } from "./ToolsFrame";
import { BluetoothTimeout, bluetoothSupported, MachineLink } from "./web-bluetooth";
import "./tools.css";

/** The document in which the server allows Web Bluetooth (Permissions-Policy); the console's is not. */
const TOOLS_DOCUMENT = "/tools";

type Support = "checking" | "supported" | "unsupported";

/**
 * /open/tools/bluetooth: start a machine next to you over Web Bluetooth, even when it has no
 * network. Anyone may connect and read what the machine says of itself; starting it takes a
 * signed-in account with dev_control, whose server signs the start for that machine alone and
 * checks the machine's signed answer (device-protocol bluetooth.ts).
 */
export default function BluetoothToolPage() {
  const { t } = useTranslation();
  const session = useSession();
  const currency = session?.accountInfo?.common_info?.currency ?? "USD";
  const [support, setSupport] = useState<Support>("checking");
  const [info, setInfo] = useState<BluetoothInfo | null>(null);
  const [busy, setBusy] = useState<"connecting" | "starting" | null>(null);
  const [outcome, setOutcome] = useState<CommandItem | "no_answer" | null>(null);
  const link = useRef<MachineLink | null>(null);
  const [form] = Form.useForm<StartProgramForm>();

  useEffect(() => {
    if (window.location.pathname !== TOOLS_DOCUMENT) {
      window.location.replace(`${TOOLS_DOCUMENT}#/open/tools/bluetooth`);
      return;
    }
    void bluetoothSupported().then((yes) => setSupport(yes ? "supported" : "unsupported"));
    return () => link.current?.disconnect();
  }, []);

  // A public page skips the console's boot; a signed-in operator's vendor (its currency) is read here.
  const unbooted = session !== null && !session.accountInfo;
  useEffect(() => {
    if (unbooted) bootSession().catch(() => undefined);
  }, [unbooted]);

  const connect = async () => {
    setBusy("connecting");
    setOutcome(null);
    try {
      link.current?.disconnect();
      link.current = await MachineLink.choose();
      setInfo(await link.current.info());
    } catch (error) {
      // Closing the browser's picker is no error worth a message.
      if (!(error instanceof DOMException && error.name === "NotFoundError")) toastError(error);
    } finally {
      setBusy(null);
    }
  };

  const start = async (values: StartProgramForm) => {
    if (!link.current || !info) return;
    setBusy("starting");
    setOutcome(null);
    try {
      const ticket = await call(API.devices.bluetoothTicket, {
        serial_number: info.serial,
        ...startProgramBody(values, currency),
      });
      const answer = await link.current.send(ticket.frame);
      setOutcome(await call(API.devices.bluetoothAnswer, { command_id: ticket.command.id, frame: answer }));
      setInfo(await link.current.info());
    } catch (error) {
      if (error instanceof BluetoothTimeout) setOutcome("no_answer");
      else toastError(error);
    } finally {
      setBusy(null);
    }
  };

  // On its way to its own document: show nothing of the page that is about to be replaced.
  if (window.location.pathname !== TOOLS_DOCUMENT) return <PageSpinner />;
  if (support === "checking") {
    return (
      <ToolsFrame title={t("tools.bluetooth.title")}>
        <Spin />
      </ToolsFrame>
    );
  }
  if (support === "unsupported") {
    return (
      <ToolsFrame title={t("tools.bluetooth.title")}>
        <Result
          status="warning"
          title={t("tools.bluetooth.unsupported")}
          subTitle={t("tools.bluetooth.unsupportedHelp")}
          data-testid="bluetooth-unsupported"
        />
      </ToolsFrame>
    );
  }
  return (
    <ToolsFrame title={t("tools.bluetooth.title")}>
      <p className="tools-lead">{t("tools.bluetooth.lead")}</p>
      <Button
        type="primary"
        onClick={() => void connect()}
        loading={busy === "connecting"}
        data-testid="bluetooth-connect"
      >
        {info ? t("tools.bluetooth.another") : t("tools.bluetooth.connect")}
      </Button>
      {info && (
        <Descriptions className="tools-machine" size="small" column={1} bordered data-testid="bluetooth-machine">
          <Descriptions.Item label={t("devices.fields.device")}>{info.serial}</Descriptions.Item>
          <Descriptions.Item label={t("devices.fields.machineType")}>
            {t(machineTypeLabelKey(info.machine_type), { defaultValue: info.machine_type })}
          </Descriptions.Item>
          <Descriptions.Item label={t("devices.fields.firmware")}>{info.firmware}</Descriptions.Item>
          <Descriptions.Item label={t("devices.fields.busy")}>
            <span data-testid="bluetooth-machine-state">
              {info.busy ? t("devices.state.busy") : t("devices.state.idle")}
            </span>
            {info.fault !== null && (
              <FaultLabel machineType={info.machine_type} code={info.fault} testId="bluetooth-fault" />
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
      {info && !session && (
        <Alert
          type="info"
          showIcon
          title={t("tools.bluetooth.signIn")}
          action={<a href={`/#/login?redirect=${encodeURIComponent("/open/tools/bluetooth")}`}>{t("login.submit")}</a>}
          data-testid="bluetooth-sign-in"
        />
      )}
      {info && session && (
        <Form<StartProgramForm>
          form={form}
          name="bluetooth-start"
          layout="vertical"
          className="tools-start"
          initialValues={startProgramDefaults(currency)}
          onFinish={(values) => void start(values)}
          data-testid="bluetooth-start-form"
        >
          <StartProgramFields currency={currency} testIdPrefix="bluetooth" />
          <Button type="primary" htmlType="submit" loading={busy === "starting"} data-testid="bluetooth-start">
            {t("tools.bluetooth.start")}
          </Button>
        </Form>
      )}
      {outcome && (
        <Result
          status={outcome !== "no_answer" && outcome.state === "succeeded" ? "success" : "error"}
          title={
            outcome === "no_answer"
              ? t("tools.bluetooth.noAnswer")
              : `${commandStateLabel(outcome.state)}${outcome.reason ? ` · ${reasonLabel(outcome.reason)}` : ""}`
          }
          data-testid="bluetooth-outcome"
        />
      )}
    </ToolsFrame>
  );
}
