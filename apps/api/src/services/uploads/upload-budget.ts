import { HttpError } from '../../lib/errors.ts';

export const UPLOAD_BUDGET_MESSAGES = {
  accountBusy: 'Another upload of yours is still in progress. Wait until it has finished, then try again.',
  serverBusy: 'The server is receiving too many uploads right now. Nothing was saved; please try again in a minute.',
} as const;

/** Seconds a client is asked to wait: an upload in progress takes seconds to minutes; the server's room frees as they end. */
const ACCOUNT_RETRY_AFTER_S = 10;
const SERVER_RETRY_AFTER_S = 30;

/** One upload in progress: what it has written so far counts against the node's budget until `end`. */
export interface UploadTicket {
  /** Counts `bytes` more written to a temporary file; throws the 503 when the node's budget would be exceeded. */
  add(bytes: number): void;
  /** The upload's temporary files are gone: frees its place and its bytes (again is harmless). */
  end(): void;
}

/**
 * What uploads in progress may hold on this node (issue 21, M8): at most `perAccount` uploads of one account at a time
 * (one free account held 1.35 GB with 30 parallel uploads), and at most `maxTmpBytes` of temporary files for all of
 * them together (DATA_DIR/tmp shares its disk with the PGlite database). Per node and in memory on purpose: the
 * temporary files it protects are this node's.
 */
export class UploadBudget {
  private bytes = 0;
  private readonly active = new Map<string, number>();

  constructor(private readonly limits: { perAccount: number; maxTmpBytes: number }) {}

  /** Temporary bytes held by uploads in progress, and how many uploads are in progress (metrics, tests). */
  usage(): { bytes: number; uploads: number } {
    let uploads = 0;
    for (const n of this.active.values()) uploads += n;
    return { bytes: this.bytes, uploads };
  }

  /**
   * Starts an upload of `account`, before any of its bytes are read: 429 when the account already has `perAccount`
   * uploads in progress, 503 when the temporary files of others already fill the budget. Both say when to retry.
   */
  begin(account: string | number): UploadTicket {
    const who = String(account);
    const running = this.active.get(who) ?? 0;
    if (running >= this.limits.perAccount) {
      throw new HttpError(429, UPLOAD_BUDGET_MESSAGES.accountBusy, undefined, {
        'Retry-After': String(ACCOUNT_RETRY_AFTER_S),
      });
    }
    if (this.bytes >= this.limits.maxTmpBytes) throw serverBusy();
    this.active.set(who, running + 1);
    let held = 0;
    let ended = false;
    return {
      add: (bytes) => {
        if (ended) return;
        if (this.bytes + bytes > this.limits.maxTmpBytes) throw serverBusy();
        this.bytes += bytes;
        held += bytes;
      },
      end: () => {
        if (ended) return;
        ended = true;
        this.bytes -= held;
        const left = (this.active.get(who) ?? 1) - 1;
        if (left > 0) this.active.set(who, left);
        else this.active.delete(who);
      },
    };
  }
}

function serverBusy(): HttpError {
  return new HttpError(503, UPLOAD_BUDGET_MESSAGES.serverBusy, undefined, {
    'Retry-After': String(SERVER_RETRY_AFTER_S),
  });
}
