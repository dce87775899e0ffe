import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import elementDefaultCss from 'happy-dom/lib/css/declaration/computed-style/config/CSSComputedStyleElementDefault.js';
import { getI18n, setI18n } from 'react-i18next';
import { afterAll, afterEach, beforeEach } from 'vitest';
import i18n, { switchLanguage } from '../i18n';
// The tests render places as the server does: from the table (the browser's own path: place-names.test.ts).
import '../lib/places/place-table.server';

// The suite runs in happy-dom (vitest.config.ts); a file may opt into jsdom, where none of the fills below apply.
const isHappyDom = navigator.userAgent.includes('HappyDOM');

// happy-dom leaves the default style of inline elements (a, span, label, strong, …) empty, so getComputedStyle
// reports `display: ""` where a browser (and jsdom) reports "inline". The accessible-name computation of Testing
// Library reads that display and puts a space around every non-inline child: a label "… the <a>Privacy Policy</a>."
// would be named "… the Privacy Policy ." So those elements get the browser's default, the table's own `default`.
for (const [tag, css] of Object.entries(elementDefaultCss as Record<string, unknown>)) {
  if (isHappyDom && css === '') (elementDefaultCss as Record<string, unknown>)[tag] = 'display: inline;';
}

// happy-dom's Request drops RequestInit.keepalive (the fetch spec keeps it, false by default, and a copy made from
// a Request keeps the original's). The listing events and the logout send keepalive requests, and their tests check it.
if (isHappyDom && !('keepalive' in window.Request.prototype)) {
  const keepalive = new WeakMap<Request, boolean>();
  const HappyRequest = window.Request;
  class KeepaliveRequest extends HappyRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(input, init);
      keepalive.set(this, init?.keepalive ?? (input instanceof HappyRequest ? input.keepalive : false));
    }
  }
  Object.defineProperty(KeepaliveRequest.prototype, 'keepalive', {
    get(this: Request) {
      return keepalive.get(this) ?? false;
    },
  });
  window.Request = KeepaliveRequest;
  globalThis.Request = KeepaliveRequest;
}

// happy-dom's IntersectionObserver never reports anything; a browser reports each target's state once after
// observe() and then on every change. This one sends that first report (a task later, as a browser does after its
// next layout), measured from getBoundingClientRect against the viewport grown by rootMargin. happy-dom lays nothing
// out (every box is 0×0 at the top left), so a target in the page counts as in view, as in a very tall window.
class FirstReportIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin: string;
  readonly thresholds: readonly number[];
  readonly #callback: IntersectionObserverCallback;
  readonly #targets = new Set<Element>();

  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.#callback = callback;
    this.rootMargin = options.rootMargin ?? '0px';
    const threshold = options.threshold ?? 0;
    this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
  }

  observe(target: Element) {
    if (this.#targets.has(target)) return;
    this.#targets.add(target);
    setTimeout(() => {
      if (this.#targets.has(target)) this.#callback([this.#entry(target)], this);
    }, 0);
  }

  unobserve(target: Element) {
    this.#targets.delete(target);
  }

  disconnect() {
    this.#targets.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  #entry(target: Element): IntersectionObserverEntry {
    const { innerWidth: width, innerHeight: height } = window;
    const margins = this.rootMargin.trim().split(/\s+/);
    const [top, right, bottom, left] = [0, 1, 2, 3].map((side) => {
      const value = margins[side] ?? margins[side - 2] ?? margins[0] ?? '0px';
      const extent = side % 2 === 0 ? height : width;
      return value.endsWith('%') ? (Number.parseFloat(value) / 100) * extent : Number.parseFloat(value) || 0;
    }) as [number, number, number, number];
    const rootBounds = new DOMRect(-left, -top, width + left + right, height + top + bottom);
    const box = target.getBoundingClientRect();
    const x = Math.max(box.left, rootBounds.left);
    const y = Math.max(box.top, rootBounds.top);
    const w = Math.min(box.right, rootBounds.right) - x;
    const h = Math.min(box.bottom, rootBounds.bottom) - y;
    const isIntersecting = target.isConnected && w >= 0 && h >= 0;
    const area = box.width * box.height;
    return {
      target,
      time: performance.now(),
      rootBounds,
      boundingClientRect: box,
      intersectionRect: isIntersecting ? new DOMRect(x, y, w, h) : new DOMRect(),
      isIntersecting,
      intersectionRatio: !isIntersecting ? 0 : area === 0 ? 1 : (w * h) / area,
    };
  }
}
if (isHappyDom) {
  window.IntersectionObserver = FirstReportIntersectionObserver;
  globalThis.IntersectionObserver = FirstReportIntersectionObserver;
}

// Lazy route chunks load through Vite's transform; on a busy 2-core CI machine that can take more
// than Testing Library's default 1 s, so findBy/waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5_000 });

// A console.error during a test fails it (conventions: web tests, after epic-stack).
let consoleErrors: unknown[][] = [];
const originalConsoleError = console.error;

beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalConsoleError(...args);
  };
  // jsdom does not implement scrolling and would report that through console.error.
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  console.error = originalConsoleError;
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${consoleErrors.length} time(s) during the test; first: ${first}`);
  }
});

// The files of a worker share its modules (vitest.config.ts, `isolate: false`): each file leaves the app's i18next in
// English and as react-i18next's instance, as a page load finds them.
afterAll(async () => {
  if (getI18n() !== i18n) setI18n(i18n);
  if (i18n.isInitialized && i18n.language !== 'en') await switchLanguage('en');
});
