import { describe, expect, it } from 'vitest';
import { foldDigitLookAlikes, listingTextReasons } from './index.ts';

describe('listingTextReasons', () => {
  it('flags the probe’s deposit scam for every way it takes the buyer off Baan', () => {
    expect(
      listingTextReasons(
        'URGENT: pay deposit by bank transfer',
        'Transfer 50,000 THB deposit to account 123-4-56789-0 … Contact LINE @scammer, not Baan.',
      ),
    ).toEqual(['bank_account', 'line_id', 'payment_request']);
  });

  it.each([
    ['Call 081-234-5678 for a viewing', ['phone_number']],
    ['โทร ๐๘๑ ๒๓๔ ๕๖๗๘', ['phone_number']],
    ['Tel. +66 81 234 5678', ['phone_number']],
    ['Bangkok office 02 123 4567', ['phone_number']],
    ['Account 1234567890 at KBank', ['bank_account']],
    ['เลขบัญชี 123-4-56789-0', ['bank_account']],
    ['Add LINE: siamhomes', ['line_id']],
    ['LINE ID siamhomes', ['line_id']],
    ['แอดไลน์ siamhomes', ['line_id']],
    ['line.me/ti/p/~siamhomes', ['line_id', 'link']],
    ['Message @siam.homes today', ['line_id']],
    ['See https://cheap-condos.example for more', ['link']],
    ['www.cheapcondo.co', ['link']],
    ['Book at cheapcondo.com', ['link']],
    ['E-mail me at owner@example.com', ['link']],
    ['โอนมัดจำก่อนเข้าชม', ['payment_request']],
    ['Pay in advance to secure the unit', ['payment_request']],
    ['Payment by PromptPay only', ['payment_request']],
    ['Send money to hold it', ['payment_request']],
  ])('flags %j', (text, reasons) => {
    expect(listingTextReasons(text)).toEqual(reasons);
  });

  it.each([
    ['Call O8l-234-5678', ['phone_number']],
    ['Tel 0 8 I 2 3 4 5 6 7 8', ['phone_number']],
    ['โทร O๘๑-๒๓๔-๕๖๗๘', ['phone_number']],
    ['โทร ၀၈၁ ၂၃၄ ၅၆၇၈', ['phone_number']],
    ['Call ０８１－２３４－５６７８', ['phone_number']],
    ['Call Ο8Ι 234 5678 (Greek and Latin capitals)', ['phone_number']],
    ['Call о81-234-5678 (Cyrillic o)', ['phone_number']],
    ['Account l23-4-56789-O', ['bank_account']],
    ['KBank l234567B9O', []],
    ['KBank |23456789O', ['bank_account']],
  ])('reads look-alike digits in %j', (text, reasons) => {
    expect(listingTextReasons(text)).toEqual(reasons);
  });

  it('folds look-alikes only inside numbers, never in words', () => {
    expect(foldDigitLookAlikes('Call O8l-234-5678, lOl, Hello1, 2OOO sqm, l23-4-56789-O')).toBe(
      'Call 081-234-5678, lOl, Hello1, 2000 sqm, 123-4-56789-0',
    );
    expect(foldDigitLookAlikes('Pool, lobby, Il Villaggio, OO7 Bond')).toBe('Pool, lobby, Il Villaggio, 007 Bond');
  });

  it.each([
    'Corner unit, city view, fully furnished. 2,500,000 baht.',
    'Hello, call Ollie on LOL Road, soi 1O, 2OO m to BTS.',
    'Villa II, 3 bedrooms, built 2O18, 1,2OO sqm, lobby on floor l.',
    'Deposit 2 months, advance 1 month. Minimum contract 1 year.',
    'มัดจำ 2 เดือน ล่วงหน้า 1 เดือน ค่าโอนคนละครึ่ง',
    'Transfer fee split 50/50, price 3,200,000 THB',
    'Near BTS Sukhumvit line, 5 minutes walk; in line with the market price',
    'Area 1,600 sqm, built 2015-2018, 35,000 per month',
    'Pool on the 8th floor, gym and 24-hour security.',
  ])('leaves ordinary text alone: %j', (text) => {
    expect(listingTextReasons(text)).toEqual([]);
  });

  it('reads the longest title and description, made of what its patterns look for, in a few milliseconds', () => {
    for (const unit of ['line ', '1 ', 'a.', '@a', 'transfer ', 'deposit ', '1-', 'www', 'O', 'l1', '-O', 'O-1']) {
      const started = Date.now();
      listingTextReasons(unit.repeat(300 / unit.length), `${unit.repeat(10_000 / unit.length)}x`);
      // Linear takes a few milliseconds; the bound leaves room for a loaded CI machine (127 ms seen once), while
      // backtracking over 10,000 characters takes seconds.
      expect(Date.now() - started, unit).toBeLessThan(500);
    }
  });
});
