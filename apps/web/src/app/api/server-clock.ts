import { TIMING } from "@washboard/shared";
import { useEffect, useState } from "react";

/** Spec §7: every response's server_time is stored and drives a clock ticking every second. */
let offsetMs = 0;
let known = false;

export function recordServerTime(serverTimeSeconds: unknown): void {
  if (typeof serverTimeSeconds !== "number") return;
  offsetMs = serverTimeSeconds * 1000 - Date.now();
  known = true;
}

export function serverNowSeconds(): number | null {
  return known ? Math.floor((Date.now() + offsetMs) / 1000) : null;
}

export function useServerClock(): number | null {
  const [now, setNow] = useState(serverNowSeconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNowSeconds()), TIMING.clockTickMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}
