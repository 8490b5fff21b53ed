import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** The Demo Group's mail settings: a local SMTP server that takes any mail. */
const localSmtp = async (kit: ExampleKit) =>
  ({ send_method: "smtp", smtp_server: "127.0.0.1", auth_method: "none", port: await kit.smtpPort() }) as const;

/** Calls of the email-config domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.emailConfig, {
  update: async (kit) => ({ body: await localSmtp(kit) }),
  sendTest: async (kit) => {
    await kit.made(API.emailConfig.update, await localSmtp(kit), "group_admin");
    return { body: { to: "example@example.com" } };
  },
});
