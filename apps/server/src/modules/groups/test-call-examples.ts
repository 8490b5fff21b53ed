import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";

/** Calls of the groups domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.groups, {
  modifyProfile: async () => ({
    body: { name: "Demo Group", address: "1 Harbour Road, Singapore", c_app_id: "example-c", b_app_id: "example-b" },
  }),
});
