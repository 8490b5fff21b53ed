import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import { PNG, upload } from "./test-helpers.js";

/** Calls of the uploads domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.uploads, {
  // A multipart form, not JSON: it makes itself.
  image: async (kit) => {
    const token = await kit.server.login("group_admin");
    return {
      body: {},
      as: "group_admin",
      send: (ip) => upload(kit.server, token, { name: "example.png", type: "image/png", bytes: PNG }, { ip }),
    };
  },
});
