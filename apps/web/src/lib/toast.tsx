/**
 * The one place the app takes `toast` from. react-toastify (and its stylesheet) is not in the entry chunk: it loads
 * with the first toast (lib/toast-library.ts). Toasts raised before it has loaded wait here, in order, and go to the
 * container once it has mounted, so none is lost; the container's own `limit` then applies to them as to any other.
 *
 * Toasts belong to the page they were raised on: going to another page dismisses those raised before the person's
 * last act (a press, a key, Back or Forward), and keeps those the act itself raised ("Saved" on the way to the list).
 * So "Payment failed" does not stay on "Payment successful" (useDismissToastsOnNavigation, called by the shell).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Id, ToastContainerProps, ToastContent, ToastOptions, UpdateOptions } from 'react-toastify/unstyled';

type Library = typeof import('./toast-library');
type Kind = 'success' | 'error';

interface Waiting {
  kind: Kind;
  content: ToastContent;
  options: ToastOptions & { toastId: Id };
}

let library: Library | null = null;
let loading: Promise<Library> | null = null;
/** True once a container has mounted: from then on toasts go straight to react-toastify. */
let isDelivering = false;
let waiting: Waiting[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

/** How many times the person has acted (pressed, typed, gone Back or Forward); each toast keeps the count it saw. */
let acts = 0;
const raisedAt = new Map<Id, number>();
if (typeof window !== 'undefined') {
  // Capture, before any handler of the page's own raises a toast or navigates for the same act.
  for (const type of ['pointerdown', 'keydown', 'popstate']) {
    window.addEventListener(
      type,
      () => {
        acts += 1;
      },
      { capture: true },
    );
  }
}

/** Dismisses the toasts raised before the person's last act (shown or still waiting for the library). */
export function dismissEarlierToasts(): void {
  const stale = new Set<Id>();
  for (const [id, at] of raisedAt) if (at < acts) stale.add(id);
  for (const id of stale) {
    raisedAt.delete(id);
    if (isDelivering && library) library.toast.dismiss(id);
  }
  waiting = waiting.filter((w) => !stale.has(w.options.toastId));
}

/**
 * Called by the shell with the page's path: a new page dismisses the toasts of the page before (dismissEarlierToasts).
 * A change of the query alone (filters, the map's area, a page of results) is the same page.
 */
export function useDismissToastsOnNavigation(pathname: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    dismissEarlierToasts();
  }, [pathname]);
}

/** Starts loading react-toastify (once); the ToastContainer renders as soon as it is there. */
export function loadToasts(): Promise<Library> {
  loading ??= import('./toast-library').then(
    (loaded) => {
      library = loaded;
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      // Offline or a failed deploy: the next toast tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function show(kind: Kind, content: ToastContent, options: ToastOptions = {}): Id {
  lastId += 1;
  const toastId = options.toastId ?? `toast-${lastId}`;
  raisedAt.set(toastId, acts);
  if (isDelivering && library) return library.toast[kind](content, { ...options, toastId });
  waiting.push({ kind, content, options: { ...options, toastId } });
  loadToasts().catch(() => {});
  return toastId;
}

export const toast = {
  success: (content: ToastContent, options?: ToastOptions): Id => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions): Id => show('error', content, options),
  isActive(id: Id): boolean {
    if (isDelivering && library) return library.toast.isActive(id);
    return waiting.some((w) => w.options.toastId === id);
  },
  update(id: Id, { render, ...options }: UpdateOptions): void {
    // New words for the page as it is now: they belong to the person's latest act.
    if (raisedAt.has(id)) raisedAt.set(id, acts);
    if (isDelivering && library) {
      library.toast.update(id, { render, ...options });
      return;
    }
    const toUpdate = waiting.find((w) => w.options.toastId === id);
    if (!toUpdate) return;
    if (render !== undefined && render !== null) toUpdate.content = render;
    Object.assign(toUpdate.options, options);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** react-toastify's container once the library has loaded; nothing before (there is no toast to show yet). */
export function ToastContainer(props: ToastContainerProps) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => library,
    () => null,
  );
  useEffect(() => {
    // The container below has mounted (a child's effects run first): hand it the toasts that waited.
    if (!loaded) return;
    isDelivering = true;
    const toDeliver = waiting;
    waiting = [];
    for (const w of toDeliver) loaded.toast[w.kind](w.content, w.options);
  }, [loaded]);
  return loaded ? <loaded.ToastContainer {...props} /> : null;
}
