import type { LiveBus, LiveEvent } from "./bus.js";

/**
 * The bus's own topic: sessions of an account ended (a sign-out, a password change, the account
 * disabled or removed). Every instance receives it and re-checks at once the open streams of those
 * sessions, so a revoked session's stream ends within a round trip rather than at its next
 * heartbeat. It is never sent to a browser: it is not one of LIVE_TOPICS, and the stream skips it.
 */
export const SESSIONS_ENDED_TOPIC = "sessions.ended";

/** Which of an account's sessions ended: one, all but one, or (neither given) all of them. */
export interface EndedSessions {
  accountId: number;
  /** Only this session ended (a sign-out). */
  sessionId?: number;
  /** Every session but this one ended (the holder changed their own password). */
  keptSessionId?: number;
}

/**
 * Tells every instance, after the change is committed, that sessions ended. A bus that fails here
 * leaves the streams to their heartbeat's check; the change itself has happened, so the call that
 * made it still succeeds.
 */
export async function announceEndedSessions(
  live: LiveBus,
  ended: EndedSessions,
  onError: (error: unknown) => void = () => undefined,
): Promise<void> {
  await live.publish({ topic: SESSIONS_ENDED_TOPIC, vendorId: null, groupId: null, data: ended }).catch(onError);
}

/** The ended sessions an event announces, or null when it is another event. */
export function endedSessionsOf(event: LiveEvent): EndedSessions | null {
  if (event.topic !== SESSIONS_ENDED_TOPIC) return null;
  const data = event.data as Partial<EndedSessions> | null;
  return typeof data?.accountId === "number" ? (data as EndedSessions) : null;
}

/** Whether an announcement names this session (its stream must then check it is still valid). */
export function namesSession(ended: EndedSessions, session: { accountId: number; sessionId: number }): boolean {
  if (ended.accountId !== session.accountId) return false;
  if (ended.sessionId !== undefined) return ended.sessionId === session.sessionId;
  return ended.keptSessionId !== session.sessionId;
}
