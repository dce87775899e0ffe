/**
 * Who hears about a new message (ADR 034): each open event stream subscribes for its account, or — a guest's
 * stream, opened with the thread's signed token — for its one thread; a published event names the accounts and the
 * thread it is for. This class only fans out on this node; plugins/infra/conversation-events.ts carries events
 * between nodes (Redis) when there are several.
 */
export type ConversationEvent = {
  /** The accounts to tell (the thread's two sides that have one). */
  userIds: number[];
  /** The thread: its guest streams are told too. */
  conversationId: number;
  /** The thread's owner: a message is `mine` for a reader on the side that wrote it. */
  ownerId: number;
  /** The SSE event name. */
  event: 'message';
  /** Per account, the data line (the message as that side sees it). */
  data: Record<string, unknown>;
};

export type Listener = (event: ConversationEvent) => void;

export class ConversationBus {
  /** Open streams by whom they listen for: `user:<id>` (an account's) or `thread:<id>` (a guest's). */
  private readonly listeners = new Map<string, Set<Listener>>();

  /** Adds a stream of `userId`; returns its removal, or null when the account already has `cap` streams open. */
  subscribe(userId: number, listener: Listener, cap: number): (() => void) | null {
    return this.add(`user:${userId}`, listener, cap);
  }

  /** Adds a guest's stream of one thread; null when the thread already has `cap` guest streams open. */
  subscribeThread(conversationId: number, listener: Listener, cap: number): (() => void) | null {
    return this.add(`thread:${conversationId}`, listener, cap);
  }

  /** Streams open for one account on this node. */
  streams(userId: number): number {
    return this.listeners.get(`user:${userId}`)?.size ?? 0;
  }

  /** Guest streams open for one thread on this node. */
  threadStreams(conversationId: number): number {
    return this.listeners.get(`thread:${conversationId}`)?.size ?? 0;
  }

  /** Hands an event to this node's streams of the accounts and the thread it names. */
  deliver(event: ConversationEvent): void {
    const keys = [...event.userIds.map((id) => `user:${id}`), `thread:${event.conversationId}`];
    for (const key of keys) {
      for (const listener of this.listeners.get(key) ?? []) listener(event);
    }
  }

  private add(key: string, listener: Listener, cap: number): (() => void) | null {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    if (set.size >= cap) {
      if (set.size === 0) this.listeners.delete(key);
      return null;
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }
}

/** Reads an event that came over Redis; anything else is dropped. */
export function parseEvent(message: string): ConversationEvent | null {
  try {
    const value = JSON.parse(message) as Partial<ConversationEvent>;
    if (!Array.isArray(value.userIds) || value.event !== 'message' || typeof value.data !== 'object' || !value.data) {
      return null;
    }
    if (typeof value.ownerId !== 'number' || !Number.isSafeInteger(value.conversationId)) return null;
    return {
      userIds: value.userIds.filter((n) => Number.isSafeInteger(n)),
      conversationId: value.conversationId as number,
      ownerId: value.ownerId,
      event: 'message',
      data: value.data,
    };
  } catch {
    return null;
  }
}
