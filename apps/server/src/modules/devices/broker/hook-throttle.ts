import type { Config } from "../../../platform/config.js";
import type { Db } from "../../../platform/db/client.js";
import { returnAttempt, takeAttempt } from "../../accounts/public.js";
import type { HookThrottle } from "./http-hooks.js";

/**
 * Failed broker logins counted in the database like console sign-ins (every instance counts
 * together). When the broker says the connecting address (EMQX's `peerhost`), per username and
 * address and per address, so one attacker guessing at a machine's serial — printed on its sticker —
 * cannot lock that machine out everywhere; otherwise per username. A success gives its places back,
 * so only failures add up. The gateway's username is never locked (that would cut every machine off;
 * its password is the install's own secret): only its addresses are counted.
 */
export function hookThrottle(db: Db, config: Config): HookThrottle {
  const windowMs = config.loginFailureWindowMinutes * 60_000;
  const keysOf = (username: string, peer: string | undefined) => {
    const user = username === config.mqttGatewayUsername ? [] : [`mqtt:user:${username}${peer ? `@${peer}` : ""}`];
    return [
      ...user.map((key) => ({ key, limit: config.loginMaxFailuresPerUser })),
      ...(peer ? [{ key: `mqtt:ip:${peer}`, limit: config.loginMaxFailuresPerAddress }] : []),
    ];
  };
  return {
    async take(username, peer) {
      for (const { key, limit } of keysOf(username, peer)) {
        if (!(await takeAttempt(db, key, limit, windowMs))) return false;
      }
      return true;
    },
    async succeeded(username, peer) {
      for (const { key } of keysOf(username, peer)) await returnAttempt(db, key);
    },
  };
}
