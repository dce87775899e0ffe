import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// lib/toast.ts keeps its queue in module state: each test takes a fresh copy of the module (and of react-toastify,
// whose container registry is module state too).
type ToastModule = typeof import('./toast');
let toastModule: ToastModule;

beforeEach(async () => {
  vi.resetModules();
  toastModule = await import('./toast');
});

function alerts(): string[] {
  return screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
}

function renderContainer() {
  const { ToastContainer } = toastModule;
  return render(<ToastContainer position="bottom-left" limit={3} autoClose={5000} />);
}

describe('lazy toasts', () => {
  it('renders nothing and loads nothing until the first toast', async () => {
    const { container } = renderContainer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows toasts raised before the library loaded, in order, at most 3 at once, each for 5000 ms', async () => {
    renderContainer();
    const { toast } = toastModule;
    for (const n of [1, 2, 3, 4, 5]) (n % 2 ? toast.error : toast.success)(`Toast ${n}`);
    await waitFor(() => expect(alerts()).toHaveLength(3));
    // Newest first is react-toastify's default order; the other two wait for a free place.
    expect([...alerts()].sort()).toEqual(['Toast 1', 'Toast 2', 'Toast 3']);
    for (const bar of screen.getAllByRole('progressbar', { hidden: true })) {
      expect(bar.style.animationDuration).toBe('5000ms');
    }
  });

  it('shows toasts raised before the container mounted once it mounts', async () => {
    const { toast } = toastModule;
    toast.success('Saved before the container');
    await new Promise((resolve) => setTimeout(resolve, 50));
    renderContainer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Saved before the container');
  });

  it('answers isActive and applies update for a toast that is still waiting for the library', async () => {
    renderContainer();
    const { toast } = toastModule;
    const id = toast.error('First message');
    expect(toast.isActive(id)).toBe(true);
    expect(toast.isActive('no-such-toast')).toBe(false);
    toast.update(id, { render: 'Second message' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Second message');
    expect(alerts()).toEqual(['Second message']);
    // Once delivered, isActive and update go to react-toastify itself.
    expect(toast.isActive(id)).toBe(true);
    act(() => toast.update(id, { render: 'Third message' }));
    await waitFor(() => expect(alerts()).toEqual(['Third message']));
  });

  it('sends toasts straight to the container once it is there', async () => {
    renderContainer();
    const { toast } = toastModule;
    toast.success('One');
    await screen.findByRole('alert');
    act(() => {
      toast.error('Two');
    });
    await waitFor(() => expect([...alerts()].sort()).toEqual(['One', 'Two']));
  });

  it('keeps the waiting toasts when the library fails to load, and loads it again with the next toast', async () => {
    vi.doMock('./toast-library', () => {
      throw new Error('offline');
    });
    vi.resetModules();
    toastModule = await import('./toast');
    renderContainer();
    const { toast, loadToasts } = toastModule;
    toast.error('While offline');
    await expect(loadToasts()).rejects.toThrow();
    expect(alerts()).toEqual([]);
    vi.doUnmock('./toast-library');
    toast.success('Back online');
    await waitFor(() => expect([...alerts()].sort()).toEqual(['Back online', 'While offline']));
  });
});
