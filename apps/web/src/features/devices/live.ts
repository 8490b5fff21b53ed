import { API } from "@washboard/shared";
import { queryKeys } from "../../app/api/query-keys";
import type { LiveHandlers } from "../../app/feature-contract";
import { mergeCommandHistory, mergeDeviceStatus, recordOutcomes } from "./device-cache";

/** What the live stream changes in the device screen's cached answers, without a round trip. */
const liveHandlers: LiveHandlers = {
  "devices.status": ({ devices }, { client, activeVendorId }) => {
    mergeDeviceStatus(client, activeVendorId, devices);
    // A list answer still on its way was read before this change was written, and would overwrite
    // the merge when it lands: read it again instead (the event is published after the write).
    const lists = queryKeys.call(API.devices.list, activeVendorId);
    if (client.isFetching({ queryKey: lists }) > 0) void client.invalidateQueries({ queryKey: lists });
  },
  "devices.command": (command, { client, activeVendorId }) => {
    mergeCommandHistory(client, activeVendorId, command);
    recordOutcomes(client, activeVendorId, [command]);
  },
};

export default liveHandlers;
