import type { CommandItem } from "@washboard/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";
import {
  commandOutcomeLabel,
  commandOutcomeText,
  isLateAnswer,
  PRESENCE_COLOR,
  presenceLabel,
  reasonLabel,
} from "./labels";

beforeAll(useEnglishCatalogue);

const outcome = (state: CommandItem["state"], late: boolean, reason: string | null = null) => ({ state, late, reason });

describe("presence", () => {
  it("names online, offline and unknown; only online is coloured", () => {
    expect(presenceLabel("online")).toBe("Online");
    expect(presenceLabel("offline")).toBe("Offline");
    expect(presenceLabel("unknown")).toBe("Unknown");
    expect(PRESENCE_COLOR).toEqual({ online: "green", offline: "default", unknown: "default" });
  });
});

describe("command outcomes", () => {
  it("say when the machine answered after the command had timed out", () => {
    expect(commandOutcomeLabel(outcome("succeeded", true))).toBe("Answered late: succeeded");
    expect(commandOutcomeText(outcome("failed", true, "busy"))).toBe("Answered late: failed — Machine is busy");
    expect(isLateAnswer(outcome("failed", true))).toBe(true);
  });

  it("read as the state alone when the answer came in time", () => {
    expect(commandOutcomeLabel(outcome("succeeded", false))).toBe("Succeeded");
    expect(commandOutcomeText(outcome("failed", false, "busy"))).toBe("Failed — Machine is busy");
    expect(commandOutcomeText(outcome("timed_out", false))).toBe("No answer (timed out)");
    // Only an answer can be late: a flag on another state changes nothing.
    expect(commandOutcomeLabel(outcome("queued", true))).toBe("Waiting for the device");
    expect(isLateAnswer(outcome("timed_out", true))).toBe(false);
  });

  it("translate the broker being out of reach, and keep a reason this console does not know", () => {
    expect(reasonLabel("broker_unreachable")).toBe("Cannot reach the machines' broker right now");
    expect(commandOutcomeText(outcome("failed", false, "broker_unreachable"))).toBe(
      "Failed — Cannot reach the machines' broker right now",
    );
    expect(reasonLabel("solar_flare")).toBe("solar_flare");
  });
});
