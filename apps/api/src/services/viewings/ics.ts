import type { MailAttachment } from '../mail/mailer.ts';

/** RFC 5545 TEXT escaping: backslash, semicolon, comma and line breaks; other control characters dropped. */
export function icsText(value: string): string {
  return (
    value
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\r\n|\r|\n/g, '\\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u001f\u007f]/g, '')
  );
}

/** 20261128T090000Z */
const icsTime = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export type InviteEvent = {
  uid: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
};

/** One VEVENT in a VCALENDAR (METHOD:PUBLISH: an invite to add, not a meeting request to answer). */
export function viewingInvite(event: InviteEvent): MailAttachment {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Baan//Viewings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return {
    filename: 'viewing.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: `${lines.map(fold).join('\r\n')}\r\n`,
  };
}
