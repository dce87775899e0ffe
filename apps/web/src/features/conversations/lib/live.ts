import { MessageEvent } from '@baan/contract';
import { useEffect, useRef } from 'react';
import { readEventStream } from '../../../lib/event-stream';
import { useAppDispatch, useAppSelector } from '../../../session/store';
import { conversationsApi } from '../api/conversations-api';

export const EVENTS_PATH = '/api/user/events';
/** A guest's stream of their one thread (the mailed link's token). */
export const guestEventsPath = (id: number, token: string) =>
  `/api/conversations/${id}/events?token=${encodeURIComponent(token)}`;

type Listener = (event: MessageEvent) => void;

/**
 * One event stream per tab, shared by every screen that listens (the dashboard's badge and an open thread): opened
 * with the first listener, closed with the last (ADR 034 caps an account's streams per node).
 */
const listeners = new Set<Listener>();
let connection: { token: string; controller: AbortController } | null = null;

/** An event's data line as a MessageEvent; null for anything else. */
export function parseMessageEvent(data: string): MessageEvent | null {
  try {
    const parsed = MessageEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function deliver(data: string) {
  const event = parseMessageEvent(data);
  if (!event) return;
  for (const listener of [...listeners]) listener(event);
}

function connect(token: string) {
  if (connection?.token === token) return;
  connection?.controller.abort();
  const controller = new AbortController();
  connection = { token, controller };
  void readEventStream({
    url: EVENTS_PATH,
    token,
    signal: controller.signal,
    onEvent: (event) => {
      if (event.event === 'message') deliver(event.data);
    },
  });
}

function disconnectIfUnused() {
  if (listeners.size > 0 || !connection) return;
  connection.controller.abort();
  connection = null;
}

/** Calls `listener` with each new message in any of the signed-in person's threads while the caller is mounted. */
export function useMessageEvents(listener: Listener): void {
  const token = useAppSelector((s) => s.login.token);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!token) return;
    const forward: Listener = (event) => latest.current(event);
    listeners.add(forward);
    connect(token);
    return () => {
      listeners.delete(forward);
      disconnectIfUnused();
    };
  }, [token]);
}

/** Threads on screen now: their view reads the new message itself (which marks it read) before the boxes reload. */
const openThreads = new Map<number, number>();

export function useOpenThread(id: number | null): void {
  useEffect(() => {
    if (id === null) return;
    openThreads.set(id, (openThreads.get(id) ?? 0) + 1);
    return () => {
      const left = (openThreads.get(id) ?? 1) - 1;
      if (left > 0) openThreads.set(id, left);
      else openThreads.delete(id);
    };
  }, [id]);
}

/** The boxes and the sidebar's unread badge reload when a message arrives for a thread that is not on screen. */
export function useLiveUnreadCounts(): void {
  const dispatch = useAppDispatch();
  useMessageEvents((event) => {
    if (openThreads.has(event.conversation_id)) return;
    dispatch(conversationsApi.util.invalidateTags(['ConversationList']));
  });
}
