/**
 * Live events: what changed, for the consoles watching that tenant (a device's status, a command's
 * outcome, an operation logged). Publishers call `publish` after their change is committed; every
 * API instance's subscribers receive every event, in one order, each with an id a reconnecting
 * browser hands back (SSE `Last-Event-ID`) to receive what it missed.
 */
export interface LiveEventInput {
  /** What happened, e.g. "operationLog.recorded"; see LIVE_TOPICS in the shared package. */
  topic: string;
  /** The tenant it belongs to: a vendor's event, or a group's own (vendorId null). */
  vendorId: number | null;
  groupId: number | null;
  /** The shop it belongs to, for a shop-scoped topic (LIVE_TOPICS); null: a machine in no shop. */
  shopId?: number | null;
  data: unknown;
}

export interface LiveEvent extends LiveEventInput {
  /** Ordered within the bus; opaque to browsers. */
  id: string;
}

export interface LiveBus {
  /** Sends an event to every subscriber of every instance. */
  publish(event: LiveEventInput): Promise<void>;
  /** Receives every event published from now on; answers the function that stops it. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /**
   * The events after `id`, oldest first, while the bus still holds them; null when `id` is older
   * than what it keeps (the subscriber must then refetch everything instead).
   */
  since(id: string): Promise<LiveEvent[] | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Delivers to local subscribers; shared by the transports. */
export class LocalSubscribers {
  private readonly listeners = new Set<(event: LiveEvent) => void>();

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(event: LiveEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One broken subscriber (a closed socket) must not starve the others.
      }
    }
  }
}
