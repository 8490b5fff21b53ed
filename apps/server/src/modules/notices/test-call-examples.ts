import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import { insertNotice } from "./notices.js";

/** Calls of the notices domain that change data, for the tests generated from the registry. */
export const examples = callExamples(API.notices, {
  markRead: async (kit) => {
    const notice = await insertNotice(kit.server.database.db, {
      title: "Example notice",
      body: "To everyone.",
      groupId: null,
      vendorId: null,
    });
    return { body: { ids: [notice.id] } };
  },
});
