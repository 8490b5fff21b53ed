import type { LiveTopic } from "@washboard/shared";
import { FEATURES } from "../console-features";
import type { FeatureDeclaration, LiveContext } from "../feature-contract";

type AnyHandler = (data: unknown, context: LiveContext) => void;

/** Every handler of each live topic, in the features' order (several features may follow one topic). */
export type TopicHandlers = ReadonlyMap<string, readonly AnyHandler[]>;

/** Loads the features' live handlers and gathers them by topic. */
export async function liveHandlersOf(features: readonly FeatureDeclaration[]): Promise<TopicHandlers> {
  const declared = await Promise.all(features.map((feature) => feature.live?.()));
  const byTopic = new Map<string, AnyHandler[]>();
  for (const { default: handlers } of declared.filter((module) => module !== undefined)) {
    for (const [topic, handler] of Object.entries(handlers) as [LiveTopic, AnyHandler | undefined][]) {
      if (handler) byTopic.set(topic, [...(byTopic.get(topic) ?? []), handler]);
    }
  }
  return byTopic;
}

let loaded: Promise<TopicHandlers> | undefined;

/** The console's live handlers, loaded once (with the first event); a failed load is tried again next time. */
export function loadTopicHandlers(): Promise<TopicHandlers> {
  loaded ??= liveHandlersOf(FEATURES).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/**
 * Applies one event of the stream: every handler the features declared for its topic merges the new
 * fact where it is shown (so the screen changes without a round trip) or marks the lists it changes
 * stale. Control events (`reset`) refetch everything on screen.
 */
export function applyLiveEvent(handlers: TopicHandlers, topic: string, data: string, context: LiveContext): void {
  if (topic === "reset") {
    void context.client.invalidateQueries();
    return;
  }
  const declared = handlers.get(topic);
  // The server validated what it published; a topic no feature follows is ignored.
  if (!declared || declared.length === 0) return;
  const parsed: unknown = JSON.parse(data);
  for (const handler of declared) handler(parsed, context);
}
