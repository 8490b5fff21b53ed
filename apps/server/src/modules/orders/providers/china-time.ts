/** Alipay and WeChat Pay write times in China Standard Time (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

const two = (value: number) => String(value).padStart(2, "0");

function shanghaiParts(date: Date) {
  const d = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
  return {
    day: `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`,
    time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`,
  };
}

/** Alipay's "yyyy-MM-dd HH:mm:ss", in Asia/Shanghai. */
export function shanghaiTimestamp(date: Date): string {
  const { day, time } = shanghaiParts(date);
  return `${day} ${time}`;
}

/** WeChat Pay's RFC 3339 form with the offset written out ("2026-11-26T20:05:00+08:00"). */
export function shanghaiRfc3339(date: Date): string {
  const { day, time } = shanghaiParts(date);
  return `${day}T${time}+08:00`;
}
