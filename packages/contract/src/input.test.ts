import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './account-values.ts';
import { UpdateNameRequest } from './accounts.ts';
import { CreatePackageRequest } from './admin.ts';
import { ContactRequest, InquiryRequest } from './contact.ts';
import { CONTACT_MESSAGES } from './contact-values.ts';
import { CreatePropertyFields, RoomInput } from './create-property.ts';
import { calendarDate, hasHiddenCharacters, multiLineText, singleLineText } from './input.ts';
import { ManualQrPaymentFields } from './payments.ts';

const HIDDEN = {
  nul: '\u0000',
  bell: '\u0007',
  escape: '\u001b',
  delete: '\u007f',
  'C1 next line': '\u0085',
  'C1 CSI': '\u009b',
  'left-to-right embedding': '\u202a',
  'right-to-left override': '\u202e',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
};

describe('hidden characters', () => {
  it.each(Object.entries(HIDDEN))('finds a %s', (_name, char) => {
    expect(hasHiddenCharacters(`Villa${char}Sunset`)).toBe(true);
  });

  it('lets through what people really type: Thai, Burmese, CJK, emoji, marks, tabs and line breaks', () => {
    for (const text of [
      'บ้านสวย ใกล้ BTS',
      'မြန်မာ',
      '北京 東京',
      'Дом 🏠',
      'café',
      'a\u200db',
      'a\u200eb',
      'a\tb\r\nc',
    ]) {
      expect(hasHiddenCharacters(text)).toBe(false);
    }
  });
});

describe('singleLineText', () => {
  const Title = singleLineText('bad').trim().min(1, 'required').max(10, 'long');

  it('turns pasted tabs and line breaks into one space each run', () => {
    expect(Title.parse(' Sea\r\n\tview ')).toBe('Sea view');
  });

  it('refuses control and bidi characters with its own message', () => {
    const result = Title.safeParse('abc\u202Egpj.exe');
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toContain('bad');
  });
});

describe('multiLineText', () => {
  const Message = multiLineText('bad');

  it('keeps line breaks and tabs', () => {
    expect(Message.parse('Hello,\r\n\tsee you\n')).toBe('Hello,\r\n\tsee you\n');
  });

  it('refuses other control characters and bidi controls', () => {
    expect(Message.safeParse('Hi\u0000').success).toBe(false);
    expect(Message.safeParse('Hi\u2066there').success).toBe(false);
  });
});

describe('calendarDate', () => {
  const AvailableFrom = calendarDate('not a date', 'out of range');
  const messages = (value: string) => {
    const result = AvailableFrom.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts the bounds of the range and refuses a day outside it', () => {
    expect(messages('1900-01-01')).toEqual([]);
    expect(messages('2200-12-31')).toEqual([]);
    expect(messages('1899-12-31')).toEqual(['out of range']);
    expect(messages('2201-01-01')).toEqual(['out of range']);
    expect(messages('0000-01-01')).toEqual(['out of range']);
  });

  it('refuses days that do not exist', () => {
    expect(messages('2026-02-30')).toEqual(['not a date']);
    expect(messages('2026-13-01')).toEqual(['not a date']);
  });
});

describe('the forms that use them', () => {
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('a profile name', () => {
    expect(first(UpdateNameRequest.safeParse({ name: 'Som\u202Echai' }))).toBe(AUTH_MESSAGES.nameInvalid);
    expect(UpdateNameRequest.parse({ name: ' Som\nchai ' })).toEqual({ name: 'Som chai' });
  });

  it('the contact form and an inquiry, keeping line breaks in the message', () => {
    const contact = { name: 'A', email: 'a@b.co', subject: 'Hi', message: 'Line 1\nLine 2' };
    expect(ContactRequest.parse(contact).message).toBe('Line 1\nLine 2');
    expect(first(ContactRequest.safeParse({ ...contact, subject: 'Hi\u0007' }))).toBe(
      CONTACT_MESSAGES.invisibleCharacters,
    );
    expect(first(InquiryRequest.safeParse({ name: 'A\u2066', email: 'a@b.co', message: 'Hi' }))).toBe(
      CONTACT_MESSAGES.invisibleCharacters,
    );
  });

  it('a package name', () => {
    expect(first(CreatePackageRequest.safeParse({ name: 'Gold\u202E', price: 1 }))).toBe(
      'The package name contains invisible control characters.',
    );
  });

  it("a listing's title, location, description and room type", () => {
    expect(first(RoomInput.safeParse({ type: 'bed\u0000room', quantity: 1 }))).toBe(
      'room type contains invisible control characters',
    );
    const result = CreatePropertyFields.safeParse({
      title: 'Sea\u202Eview',
      location: 'Phuket\u0085',
      description: 'Nice\u001b[31m',
    });
    const messages = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'title: title contains invisible control characters',
        'location: location contains invisible control characters',
        'description: description contains invisible control characters',
      ]),
    );
  });

  it('ids stay inside a PostgreSQL integer', () => {
    const result = ManualQrPaymentFields.safeParse({ transaction_id: 'T1', package_id: '2147483648', user_id: '1' });
    expect(first(result)).toBe('package_id is not a valid id.');
  });
});
