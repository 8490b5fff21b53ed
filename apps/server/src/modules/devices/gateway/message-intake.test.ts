import { deviceTopic } from "@washboard/device-protocol";
import { expect, it } from "vitest";
import type { IntakeParts } from "./message-intake.js";
import { MessageIntake } from "./message-intake.js";
import type { ShadowChange } from "./shadow-writer.js";

/**
 * A stop waits for the messages still being handled before the writers' last flush: a status whose
 * machine is still being looked up in the database when the gateway closes is handed to the shadow
 * writer before `settled` resolves, not after (when nothing would flush it any more).
 */
it("settles only once every message received is handed to its writer", async () => {
  let answerLookup: (device: { id: number; vendorId: number }) => void = () => undefined;
  const lookup = new Promise<{ id: number; vendorId: number }>((resolve) => {
    answerLookup = resolve;
  });
  const shadows: ShadowChange[] = [];
  const parts = {
    directory: { find: () => lookup },
    commands: () => {
      throw new Error("no command in this test");
    },
    shadows: { add: (change: ShadowChange) => shadows.push(change) },
    events: { add: () => undefined },
    sales: { add: () => undefined },
    deadLetters: { add: () => undefined },
    log: { error: () => undefined, warn: () => undefined, info: () => undefined },
    metrics: { messageReceived: () => undefined, unknownSerial: () => undefined },
  } as unknown as IntakeParts;
  const intake = new MessageIntake(parts);

  void intake.receive(deviceTopic("WB-SETTLE-1", "status"), Buffer.from('{"v":1,"online":true}'), false);
  let settled = false;
  const waiting = intake.settled().then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(settled).toBe(false);
  expect(shadows).toHaveLength(0);

  answerLookup({ id: 7, vendorId: 3 });
  await waiting;
  expect(shadows).toHaveLength(1);
  expect(shadows[0]).toMatchObject({ deviceId: 7, vendorId: 3, presence: "online" });
});
