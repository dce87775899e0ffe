import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (the wizard's upload channel; jsdom's would try the network). Each instance is
 * kept in `FakeXhr.sent` so a test can read the request and answer it, with progress events first if it likes.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }

  static install() {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
  static last(): FakeXhr {
    const xhr = FakeXhr.sent.at(-1);
    if (!xhr) throw new Error('no request was sent');
    return xhr;
  }
}

/** Real image bytes: the signatures the wizard sniffs, followed by filler. */
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
export const GIF_BYTES = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');

export function imageFile(bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/jpeg'): File {
  return new File([bytes], name, { type });
}

/** jsdom has no object URLs; previews need them. Returns the revoke spy. */
export function installObjectUrls() {
  let n = 0;
  const revoke = vi.fn();
  Object.assign(URL, { createObjectURL: vi.fn(() => `blob:preview-${++n}`), revokeObjectURL: revoke });
  return revoke;
}
