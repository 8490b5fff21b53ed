import type { DeviceMessageRefusal } from "@washboard/shared";
import { sql } from "drizzle-orm";
import { arrayParam } from "../../../platform/db/array-param.js";
import { BatchWriter } from "../../../platform/db/batch-writer.js";
import type { Db } from "../../../platform/db/client.js";
import type { DeviceTrafficMetrics } from "../../../platform/metrics/device-traffic.js";

/** A message from a machine that is set aside instead of acted on. */
export interface DeadLetter {
  /** Null: a serial not in the register. */
  deviceId: number | null;
  vendorId: number | null;
  serial: string;
  /** The topic kind it came on. */
  kind: string;
  code: DeviceMessageRefusal;
  reason: string;
  /** An amount the machine claimed above its ceiling (minor units): shown as money in the device log. */
  amount?: number;
  ceiling?: number;
  payload: string | Uint8Array;
  receivedAt: Date;
}

/** How much of a message is kept as text. */
export const DEAD_LETTER_PAYLOAD_MAX = 4_096;
const REASON_MAX = 300;
/** A machine that keeps sending what is refused fills the table with at most this many per minute. */
const PER_DEVICE_PER_MINUTE = 30;

/** Characters the database or a reader cannot take (U+0000, other controls, unpaired surrogates) become U+FFFD. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSHOWABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Surrogate}/gu;

export function payloadText(payload: string | Uint8Array): { text: string; bytes: number } {
  const bytes = typeof payload === "string" ? Buffer.byteLength(payload) : payload.byteLength;
  const decoded = typeof payload === "string" ? payload : new TextDecoder("utf-8", { fatal: false }).decode(payload);
  return { text: decoded.replace(UNSHOWABLE, "\uFFFD").slice(0, DEAD_LETTER_PAYLOAD_MAX), bytes };
}

const showable = (text: string, max: number) => text.replace(UNSHOWABLE, "\uFFFD").slice(0, max);

/**
 * Dead letters are written in batches, each with a row in its machine's device log (type
 * `message_refused`, the code and reason in its details) when the machine belongs to a vendor, so
 * the operator sees what was refused where they read what the machine did. A machine sending
 * refused messages without end costs at most `PER_DEVICE_PER_MINUTE` rows a minute; the rest are
 * counted in the server's log.
 */
export class DeadLetters {
  private readonly writer: BatchWriter<DeadLetter>;
  private budgets = new Map<string, number>();
  private minute = 0;
  private overflow = 0;

  constructor(
    db: Db,
    onError: (error: unknown) => void,
    private readonly onOverflow: (dropped: number) => void,
    /** Counts every refusal by its code, those over the budget too. */
    private readonly metrics: Pick<DeviceTrafficMetrics, "messageRefused">,
  ) {
    this.writer = new BatchWriter<DeadLetter>({
      write: (letters) => writeDeadLetters(db, letters),
      onError,
      concurrency: 2,
    });
  }

  add(letter: DeadLetter): void {
    this.metrics.messageRefused(letter.code);
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== this.minute) {
      if (this.overflow > 0) this.onOverflow(this.overflow);
      this.minute = minute;
      this.budgets = new Map();
      this.overflow = 0;
    }
    const used = this.budgets.get(letter.serial) ?? 0;
    if (used >= PER_DEVICE_PER_MINUTE) {
      this.overflow++;
      return;
    }
    this.budgets.set(letter.serial, used + 1);
    this.writer.add(letter);
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }
}

async function writeDeadLetters(db: Db, letters: DeadLetter[]): Promise<void> {
  const rows = letters.map((letter) => {
    const payload = payloadText(letter.payload);
    return {
      ...letter,
      reason: showable(letter.reason, REASON_MAX),
      text: payload.text,
      bytes: payload.bytes,
      at: letter.receivedAt.toISOString(),
    };
  });
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => arrayParam(rows.map(pick));
  // Nothing in a row comes unchecked from the machine but its payload and reason, both made
  // showable above: a dead letter cannot itself be refused.
  await db.execute(sql`with dead as (
      insert into device_dead_letters (device_id, vendor_id, serial_number, kind, code, reason, amount, ceiling,
        payload, payload_bytes, received_at)
      select * from unnest(${column((r) => r.deviceId)}::int[], ${column((r) => r.vendorId)}::int[],
        ${column((r) => r.serial)}::varchar[], ${column((r) => r.kind)}::varchar[], ${column((r) => r.code)}::varchar[],
        ${column((r) => r.reason)}::varchar[], ${column((r) => r.amount ?? null)}::bigint[],
        ${column((r) => r.ceiling ?? null)}::bigint[], ${column((r) => r.text)}::varchar[], ${column((r) => r.bytes)}::int[],
        ${column((r) => r.at)}::timestamptz[])
      returning id, device_id, vendor_id, kind, code, reason, amount, ceiling, received_at)
    insert into device_log (device_id, vendor_id, event_id, type, details, occurred_at)
    select device_id, vendor_id, 'refused-' || id, 'message_refused',
      jsonb_strip_nulls(jsonb_build_object('kind', kind, 'code', code, 'reason', reason, 'dead_letter_id', id,
        'amount', amount, 'ceiling', ceiling)), received_at
    from dead where device_id is not null and vendor_id is not null`);
}
