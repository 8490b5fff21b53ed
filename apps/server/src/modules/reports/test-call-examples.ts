import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** What a new weekly report subscription of the Kuala Lumpur vendor needs. */
const newSubscription = (kit: ExampleKit) =>
  ({
    report: "form_point",
    email: `${kit.unique("reports").toLowerCase()}@demo.test`,
    frequency: "weekly",
    language: "en",
  }) as const;

/** A report subscription, through the API once the Demo Group's mail settings are saved; answers its id. */
async function subscription(kit: ExampleKit): Promise<number> {
  await mailSettings(kit);
  return (await kit.made(API.reports.subscribe, newSubscription(kit))).id;
}

/** The Demo Group's mail settings, which a subscription needs. */
async function mailSettings(kit: ExampleKit): Promise<void> {
  const settings = {
    send_method: "smtp",
    smtp_server: "127.0.0.1",
    auth_method: "none",
    port: await kit.smtpPort(),
    username: "reports@demo.test",
    password: "",
    sender_name: "Demo",
    title: "",
  } as const;
  await kit.made(API.emailConfig.update, settings, "group_admin");
}

/** Calls of the reports domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.reports, {
  subscribe: async (kit) => {
    await mailSettings(kit);
    return { body: newSubscription(kit) };
  },
  unsubscribe: async (kit) => ({ body: { id: await subscription(kit) } }),
  sendNow: async (kit) => ({ body: { id: await subscription(kit) } }),
});
