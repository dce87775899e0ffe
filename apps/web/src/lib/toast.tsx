/**
 * The one place the app takes `toast` from. react-toastify (and its stylesheet) is not in the entry chunk: it loads
 * with the first toast (lib/toast-library.ts). Toasts raised before it has loaded wait here, in order, and go to the
 * container once it has mounted, so none is lost; the container's own `limit` then applies to them as to any other.
 */
import { useEffect, useSyncExternalStore } from 'react';
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
