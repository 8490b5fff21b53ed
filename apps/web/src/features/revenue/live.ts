import { queryKeys } from "../../app/api/query-keys";
import type { LiveHandlers } from "../../app/feature-contract";

/** An order paid or a refund done: the revenue screens (and the dashboard's figures) read again. */
const liveHandlers: LiveHandlers = {
  "revenue.changed": (_data, { client }) => {
    void client.invalidateQueries({ queryKey: queryKeys.domain("revenue") });
  },
};

export default liveHandlers;
