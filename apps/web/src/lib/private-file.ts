/**
 * Private files (payment receipts, the CSV export, a person's data export) need the bearer header, which an <img src>
 * or a plain link cannot send: fetch them and hand the browser a blob: URL instead.
 */
export async function fetchPrivateBlob(path: string, token: string | null): Promise<Blob> {
  const url = new URL(path, window.location.origin).toString();
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(new Request(url, { headers }));
  if (!response.ok) {
    let message: string | undefined;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not an envelope: the status says enough.
    }
    throw Object.assign(new Error(message ?? `HTTP ${response.status}`), { status: response.status, message });
  }
  return response.blob();
}

/** Saves a blob as a file through a temporary a[download]. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
