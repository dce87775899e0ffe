import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { parseMail } from './support/smtp-receiver.ts';

type Outgoing = {
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

/** The bytes nodemailer would send over SMTP for `mail` (its stream transport, CRLF line ends). */
async function mime(mail: Outgoing): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail({ from: 'Baan <no-reply@baan.test>', to: 'nok@example.test', ...mail });
  return (info.message as Buffer).toString('utf8');
}

const ICS =
  'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:นัดชม: Ari studio\r\nDTSTART:20301201T030000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

describe('the test SMTP receiver reads the mails nodemailer writes', () => {
  it('a text and HTML mail: both bodies decoded, no attachments', async () => {
    const mail = parseMail(await mime({ subject: 'ยืนยัน', text: 'สวัสดี 10:00–11:00', html: '<p>สวัสดี</p>' }), ['a']);
    expect(mail.subject).toBe('ยืนยัน');
    expect(mail.text.trim()).toBe('สวัสดี 10:00–11:00');
    expect(mail.html.trim()).toBe('<p>สวัสดี</p>');
    expect(mail.attachments).toEqual([]);
  });

  it('a mail with an .ics: the bodies inside multipart/mixed, and the file with its name, type and text', async () => {
    const raw = await mime({
      subject: 'Viewing confirmed',
      text: 'See you at 10:00',
      html: '<p>See you at 10:00</p>',
      attachments: [
        { filename: 'viewing.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ICS },
      ],
    });
    expect(raw).toMatch(/multipart\/mixed/i);
    const mail = parseMail(raw, ['a']);
    expect(mail.text.trim()).toBe('See you at 10:00');
    expect(mail.html.trim()).toBe('<p>See you at 10:00</p>');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toBe('viewing.ics');
    expect(mail.attachments[0]?.contentType).toMatch(/^text\/calendar;.*method=PUBLISH/i);
    expect(mail.attachments[0]?.content).toBe(ICS);
  });
});
