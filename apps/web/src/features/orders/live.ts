import { queryKeys } from "../../app/api/query-keys";
import type { LiveHandlers } from "../../app/feature-contract";

/**
 * An order paid or a refund done: the order lists on screen read again (a provider's refund ends
 * after its call has answered).
 */
const liveHandlers: LiveHandlers = {
  "revenue.changed": (_data, { client }) => {
    void client.invalidateQueries({ queryKey: queryKeys.domain("orders") });
  },
};

export default liveHandlers;
