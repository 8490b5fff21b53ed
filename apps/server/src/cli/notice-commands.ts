import { parseArgs } from "node:util";
import { NOTICE_LIMITS } from "@washboard/shared";
import { publishNotice } from "../modules/notices/public.js";
import type { Db } from "../platform/db/client.js";
import { englishMessage } from "../platform/i18n/messages.js";

/** The platform administrator's notices to operators (spec §2 "a notice list"), as the CLI publishes them. */
export const NOTICE_COMMANDS = ["publish-notice"];

export const NOTICE_USAGE = `  npm run cli -- publish-notice --title TEXT --body TEXT [--group-id N | --vendor-id N]
                 A notice to operators, shown under the console's bell: to every console account, or
                 only to a group's accounts and its vendors', or to one vendor's accounts (title up to
                 ${NOTICE_LIMITS.title} characters, text up to ${NOTICE_LIMITS.body}).`;

/** An id as typed: digits become a number, anything else is passed on for the shared rule to refuse. */
const idOf = (text: string | undefined) => (text === undefined ? undefined : /^\d+$/.test(text) ? Number(text) : text);

/** Publishes the notice and answers the line the CLI prints; a refusal throws with its reason. */
export async function noticeCommand(args: string[], db: Db): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      title: { type: "string" },
      body: { type: "string" },
      "group-id": { type: "string" },
      "vendor-id": { type: "string" },
    },
  });
  if (values.title === undefined || values.body === undefined) {
    throw new Error(`publish-notice needs --title and --body.\n\n${NOTICE_USAGE}`);
  }
  const groupId = idOf(values["group-id"]);
  const vendorId = idOf(values["vendor-id"]);
  const notice = await publishNotice(
    db,
    {
      title: values.title,
      body: values.body,
      // A malformed id reaches the shared rule, which refuses it as an invalid value.
      ...(groupId === undefined ? {} : { group_id: groupId as number }),
      ...(vendorId === undefined ? {} : { vendor_id: vendorId as number }),
    },
    (key) => englishMessage(key),
  );
  const audience =
    notice.audience === "group"
      ? `group ${notice.groupId}`
      : notice.audience === "vendor"
        ? `vendor ${notice.vendorId}`
        : "every console account";
  return `Notice ${notice.id} published to ${audience}.`;
}
