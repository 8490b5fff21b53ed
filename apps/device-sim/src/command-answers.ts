import type { CommandAck, DeviceCommand, ReaderCard, RefusalReason } from "@washboard/device-protocol";
import type { FirmwareUpdate, Machine } from "./machine.js";

/** A firmware notice, as the machine received it. */
export type FirmwareNotice = Extract<DeviceCommand, { kind: "firmware_notice" }>;

/** A device's answer to a command and what it then does; the answer goes out first. */
export interface CommandOutcome {
  ack: CommandAck;
  act?: () => void;
}

/** What a command may do beyond the machine itself. */
export interface CommandContext {
  machine: Machine;
  /** Drops the connection and comes back, as a controller reboot does. */
  restart(): void;
  /** How this machine will get and install the file a notice names (its network, its luck). */
  firmwareUpdate(notice: FirmwareNotice): FirmwareUpdate;
  /** Cycle length when a remote start names none. */
  defaultMinutes(): number;
  /** The card in the machine's own reader: a blank one to issue, or a customer's to top up. */
  cardInReader(purpose: "issue" | "topup"): ReaderCard;
  nowSeconds: number;
}

export function refusal(id: string, reason: RefusalReason, detail?: string): CommandAck {
  return detail === undefined ? { v: 1, id, ok: false, reason } : { v: 1, id, ok: false, reason, detail };
}

/** Decides a valid command that was not answered before. */
export function answerCommand(command: DeviceCommand, context: CommandContext): CommandOutcome {
  const { id } = command;
  const ok: CommandAck = { v: 1, id, ok: true };
  if (command.expires_at < context.nowSeconds) return { ack: refusal(id, "expired") };
  const { machine } = context;
  switch (command.kind) {
    case "restart":
      return { ack: ok, act: () => context.restart() };
    case "remote_start": {
      if (machine.isBusy) return { ack: refusal(id, "busy") };
      const fault = machine.faultCode;
      if (fault !== null) return { ack: refusal(id, "fault", fault) };
      if (machine.isInstalling) return { ack: refusal(id, "not_ready", "installing firmware") };
      const { start_type, program, price } = command;
      const minutes = command.minutes ?? context.defaultMinutes();
      // A remote card issue or top-up acts on the card in the machine's reader and says which.
      const card =
        start_type === "remote_card_issue"
          ? context.cardInReader("issue")
          : start_type === "remote_card_topup"
            ? context.cardInReader("topup")
            : undefined;
      return {
        ack: card ? { ...ok, card } : ok,
        act: () => machine.startCycle({ start_type, program, price, minutes, command_id: id }),
      };
    }
    case "cashbox_audit":
      return { ack: { ...ok, cashbox: machine.state.cashbox } };
    case "cashbox_reset":
      // The answer is the cash box as read before emptying, which `act` does right after it is sent.
      return { ack: { ...ok, cashbox: machine.state.cashbox }, act: () => machine.collectCashbox() };
    case "set_params": {
      const { params } = command;
      return { ack: ok, act: () => machine.applyParams(params) };
    }
    case "firmware_notice": {
      const { version } = command;
      if (version === machine.firmwareVersion) return { ack: refusal(id, "invalid", `${version} is installed`) };
      if (machine.isUpdating) return { ack: refusal(id, "not_ready", "an update is in progress") };
      // Never during a wash: the customer's cycle finishes first, the server asks again when idle.
      if (machine.isBusy) return { ack: refusal(id, "busy", "running a cycle") };
      const update = context.firmwareUpdate(command);
      return { ack: ok, act: () => machine.updateFirmware(version, update) };
    }
  }
}

/** The id of a command that does not decode, so it can still be refused; null when there is none. */
export function readCommandId(payload: Uint8Array): string | null {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return null;
  }
  if (typeof json !== "object" || json === null || !("id" in json)) return null;
  const { id } = json;
  return typeof id === "string" && id.length >= 1 && id.length <= 64 ? id : null;
}
