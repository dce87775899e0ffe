/**
 * Who hears about a new message (ADR 034): each open event stream subscribes for its account; a published event
 * names the accounts it is for. This class only fans out on this node; plugins/infra/conversation-events.ts
 * carries events between nodes (Redis) when there are several.
 */
export type ConversationEvent = {
  /** The accounts to tell (the thread's two sides that have one). */
  userIds: number[];
  /** The thread's owner: a message is `mine` for a reader on the side that wrote it. */
  ownerId: number;
  /** The SSE event name. */
  event: 'message';
  /** Per account, the data line (the message as that side sees it). */
  data: Record<string, unknown>;
};

export type Listener = (event: ConversationEvent) => void;

export class ConversationBus {
  private readonly listeners = new Map<number, Set<Listener>>();

  /** Adds a stream of `userId`; returns its removal, or null when the account already has `cap` streams open. */
  subscribe(userId: number, listener: Listener, cap: number): (() => void) | null {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    if (set.size >= cap) {
      if (set.size === 0) this.listeners.delete(userId);
      return null;
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** Streams open for one account on this node. */
  streams(userId: number): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  /** Hands an event to this node's streams of the accounts it names. */
  deliver(event: ConversationEvent): void {
    for (const id of event.userIds) {
      for (const listener of this.listeners.get(id) ?? []) listener(event);
    }
  }
}

/** Reads an event that came over Redis; anything else is dropped. */
export function parseEvent(message: string): ConversationEvent | null {
  try {
    const value = JSON.parse(message) as Partial<ConversationEvent>;
    if (!Array.isArray(value.userIds) || value.event !== 'message' || typeof value.data !== 'object' || !value.data) {
      return null;
    }
    if (typeof value.ownerId !== 'number') return null;
    return {
      userIds: value.userIds.filter((n) => Number.isSafeInteger(n)),
      ownerId: value.ownerId,
      event: 'message',
      data: value.data,
    };
  } catch {
    return null;
  }
}
