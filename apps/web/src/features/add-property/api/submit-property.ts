import type { FieldErrors, OwnTextEdit, ReviewState } from '@baan/contract';

export interface SubmitOptions {
  token: string | null;
  language: string;
  /** Upload progress, 0–100. */
  onProgress?: (percent: number) => void;
  /** POST /api/property (a new listing, the default) or PATCH /api/property/{id} (an edit). */
  method?: 'POST' | 'PATCH';
  url?: string;
}

export type SubmitResult =
  | {
      ok: true;
      status: number;
      message?: string;
      id?: number;
      /** Moderation (ADR 017): a new listing may be held (`pending`) for an admin's review; absent from older servers. */
      review?: ReviewState;
      /** An edit (ADR 017, M5): whether the listing's new text waits for review (`pending`), from `text_edit`. */
      textEdit?: OwnTextEdit['state'];
    }
  | { ok: false; status: number; message?: string; errors?: FieldErrors };

function parseBody(text: string): { success?: boolean; message?: string; errors?: FieldErrors; payload?: unknown } {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

/**
 * POST /api/property (or PATCH /api/property/{id}) as multipart. XMLHttpRequest rather than fetch: only XHR reports
 * upload progress, and photos may be up to 50 MB each. Resolves for every HTTP answer (status 0 means the request
 * never got one).
 */
export function submitProperty(
  data: FormData,
  { token, language, onProgress, method = 'POST', url = '/api/property' }: SubmitOptions,
): Promise<SubmitResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', language);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body.success !== false) {
        const payload = body.payload as
          | { id?: number; review?: ReviewState; text_edit?: Pick<OwnTextEdit, 'state'> | null }
          | undefined;
        resolve({
          ok: true,
          status: xhr.status,
          message: body.message,
          id: payload?.id,
          review: payload?.review,
          textEdit: payload?.text_edit?.state,
        });
      } else {
        resolve({ ok: false, status: xhr.status, message: body.message, errors: body.errors });
      }
    };
    xhr.onerror = () => resolve({ ok: false, status: 0 });
    xhr.onabort = () => resolve({ ok: false, status: 0 });
    xhr.send(data);
  });
}
