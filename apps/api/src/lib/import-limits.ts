/** Caps of an import (ADR 030): bytes and time of one fetch, bytes of an uploaded file, rows or properties read. */
export type ImportLimits = {
  /** Host names a feed or photo URL may name even though they resolve to a private address (IMPORT_ALLOWED_HOSTS). */
  allowedHosts: string[];
  maxBytes: number;
  timeoutMs: number;
  maxRows: number;
};
