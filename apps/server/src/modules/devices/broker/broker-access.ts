import { type BrokerAction, type BrokerClient, isSerialNumber, mayUseTopic } from "@washboard/device-protocol";
import { eq } from "drizzle-orm";
import type { Db } from "../../../platform/db/client.js";
import { devices } from "../tables.js";
import { sameText, secretMatches } from "./device-secrets.js";

export interface GatewayLogin {
  username: string;
  /** Absent: the broker admits the gateway by other means (an open local broker). */
  password: string | undefined;
}

/** The gateway's client ids start with this, so no device can take over its session. */
export const GATEWAY_CLIENT_PREFIX = "washboard-gateway-";

/**
 * Who the broker admits, and to which topics — the one check behind the embedded broker's hooks and
 * the HTTP hooks production brokers call. A device logs in with its serial number as username and
 * client id (a device using another's client id would throw that device off the broker) and its
 * secret as password; the gateway with its own login.
 */
export class BrokerAccess {
  constructor(
    private readonly db: Db,
    private readonly gateway: GatewayLogin,
  ) {}

  async authenticate(
    clientId: string,
    username: string | undefined,
    password: string | undefined,
  ): Promise<BrokerClient | null> {
    if (username === undefined || password === undefined) return null;
    if (username === this.gateway.username) {
      const expected = this.gateway.password;
      const ok = expected !== undefined && sameText(password, expected) && clientId.startsWith(GATEWAY_CLIENT_PREFIX);
      return ok ? { role: "gateway" } : null;
    }
    if (!isSerialNumber(username) || clientId !== username) return null;
    const [device] = await this.db
      .select({ secretHash: devices.secretHash })
      .from(devices)
      .where(eq(devices.serialNumber, username));
    if (!device?.secretHash || !secretMatches(password, device.secretHash)) return null;
    return { role: "device", serial: username };
  }

  /**
   * The client a username names once it is authenticated (HTTP ACL hooks send no password: the broker
   * only asks about clients it admitted).
   */
  clientOf(username: string | undefined): BrokerClient | null {
    if (username === undefined) return null;
    if (username === this.gateway.username) return { role: "gateway" };
    return isSerialNumber(username) ? { role: "device", serial: username } : null;
  }

  allows(client: BrokerClient | null, action: BrokerAction, topic: string): boolean {
    return client !== null && mayUseTopic(client, action, topic);
  }
}
