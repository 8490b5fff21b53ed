import { queryKeys } from "../../app/api/query-keys";
import type { LiveHandlers } from "../../app/feature-contract";

/** A logged operation: the operation log on screen reads again. */
const liveHandlers: LiveHandlers = {
  "operationLog.recorded": (_operation, { client }) => {
    void client.invalidateQueries({ queryKey: queryKeys.domain("operationLog") });
  },
};

export default liveHandlers;
