import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A file sent with a mail (a viewing's .ics invite): its name, type and decoded text. */
export type ReceivedAttachment = { filename: string; contentType: string; content: string };

/** A received e-mail with its headers, decoded text and HTML bodies and attached files. */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
  raw: string;
};

export type SmtpReceiver = {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving later) that matches. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
  );
}

function decodeQp(value: string): string {
  const soft = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(part: string): [Record<string, string>, string] {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return [headers, body];
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQp(body);
  return body;
}

/** The parts of a multipart body (headers and body each), or the body itself as one part. */
function partsOf(headers: Record<string, string>, body: string): [Record<string, string>, string][] {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return [[headers, body]];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .map((p) => splitHead(p.replace(/^\r?\n/, '')));
}

/**
 * Just enough MIME for the mails nodemailer writes: multipart/alternative, inside multipart/mixed when files are
 * attached (the text and HTML bodies, and each attachment decoded as text).
 */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [headers, body] = splitHead(raw);
  const mail: ReceivedMail = {
    to,
    from: decodeWords(headers.from ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    text: '',
    html: '',
    attachments: [],
    raw,
  };
  const walk = (h: Record<string, string>, b: string, depth: number) => {
    const partType = (h['content-type'] ?? 'text/plain').toLowerCase();
    if (partType.startsWith('multipart/') && depth < 4) {
      for (const [ph, pb] of partsOf(h, b)) if (ph !== h) walk(ph, pb, depth + 1);
      return;
    }
    const disposition = h['content-disposition'] ?? '';
    const filename =
      /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /\bname="?([^";]+)"?/i.exec(h['content-type'] ?? '')?.[1];
    if (/^attachment/i.test(disposition) || filename) {
      mail.attachments.push({
        filename: filename ?? '',
        contentType: h['content-type'] ?? '',
        content: decodeBody(h, b),
      });
    } else if (partType.startsWith('text/plain')) mail.text = decodeBody(h, b);
    else if (partType.startsWith('text/html')) mail.html = decodeBody(h, b);
  };
  walk(headers, body, 0);
  return mail;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives. */
/** Listens on the given port (to stand in for a server that was down), or any free one. */
export async function startSmtpReceiver(wantedPort = 0): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // close() waits this long for open connections before it ends them (smtp-server's default is 30 s): the app's
    // mailer keeps its connection open, and every test file with a receiver waited out the 30 s at its end.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        for (const l of listeners) l();
        callback();
      });
    },
  });
  // A connection a client drops mid-session (a killed API process, in the cluster and crash tests) is reported on the
  // server; without a listener that report would end the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (got ${mails.length})`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The 4-digit code in a mail's text. */
export function codeIn(mail: Pick<ReceivedMail, 'text'>): string {
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail:\n${mail.text}`);
  return code;
}
