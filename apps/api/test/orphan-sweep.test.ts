import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages, payments, propertyImages, users } from '../src/db/schema.ts';
import { sweepOrphanAvatars } from '../src/services/accounts/sweep-orphan-avatars.ts';
import { sweepOrphanReceipts } from '../src/services/payments/sweep-orphan-receipts.ts';
import { sweepOrphanPhotos } from '../src/services/properties/sweep-orphan-photos.ts';
import { ORPHAN_GRACE_MS } from '../src/services/uploads/sweep-orphan-files.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

// Issue 21 (L8): a crash between storing a file and committing its row leaves the file. Listing photos were swept;
// profile pictures and PromptPay receipts (bank details) stayed forever. All three are swept after the same hour.
const app = await build();
const webp = Buffer.from('RIFF....WEBPVP8 ');
const owner = await createUser(app, { email: 'sweep-owner@example.test' });
const [pkg] = await app.db.select().from(packages).orderBy(asc(packages.price)).limit(1);
if (!pkg) throw new Error('no package');

const stored = async (prefix: string) => {
  const keys: string[] = [];
  for await (const item of app.storage.list(prefix)) keys.push(item.key);
  return keys.sort();
};
const writtenAt = async (key: string) => {
  for await (const item of app.storage.list(key.slice(0, key.lastIndexOf('/') + 1)))
    if (item.key === key) return item.modifiedAt.getTime();
  throw new Error(`${key} is not stored`);
};

describe('the orphan sweep', () => {
  it('removes avatars no user refers to, once an hour old, and keeps the one in use', async () => {
    await app.storage.put('avatars/kept-256.webp', webp, 'image/webp');
    await app.storage.put('avatars/orphan-256.webp', webp, 'image/webp');
    await app.db.update(users).set({ profileImage: 'avatars/kept-256.webp' }).where(eq(users.id, owner.id));
    const at = await writtenAt('avatars/orphan-256.webp');

    // Just under an hour: it may still be an upload in progress on another node.
    expect(await sweepOrphanAvatars(app.db, app.storage, new Date(at + ORPHAN_GRACE_MS - 1))).toBe(0);
    expect(await stored('avatars/')).toEqual(['avatars/kept-256.webp', 'avatars/orphan-256.webp']);
    const later = new Date(Math.max(at, await writtenAt('avatars/kept-256.webp')) + ORPHAN_GRACE_MS);
    expect(await sweepOrphanAvatars(app.db, app.storage, later)).toBe(1);
    expect(await stored('avatars/')).toEqual(['avatars/kept-256.webp']);
  });

  it('removes receipts no payment refers to, once an hour old, and keeps the one under review', async () => {
    await app.storage.put('private/receipts/kept-1600.webp', webp, 'image/webp');
    await app.storage.put('private/receipts/orphan-1600.webp', webp, 'image/webp');
    await app.db.insert(payments).values({
      userId: owner.id,
      packageId: pkg.id,
      amount: pkg.price,
      method: 'qr',
      status: 'pending',
      provider: 'promptpay',
      transactionId: 'SWEEP-1',
      receiptKey: 'private/receipts/kept-1600.webp',
    });
    const at = await writtenAt('private/receipts/orphan-1600.webp');
    expect(await sweepOrphanReceipts(app.db, app.storage, new Date(at + ORPHAN_GRACE_MS - 1))).toBe(0);
    const later = new Date(Math.max(at, await writtenAt('private/receipts/kept-1600.webp')) + ORPHAN_GRACE_MS);
    expect(await sweepOrphanReceipts(app.db, app.storage, later)).toBe(1);
    expect(await stored('private/receipts/')).toEqual(['private/receipts/kept-1600.webp']);
  });

  it('removes every width of a listing photo no listing refers to, and keeps a listed one', async () => {
    const listing = await makeListing(app, owner.id);
    for (const key of [
      'listings/kept-320.webp',
      'listings/kept-640.webp',
      'listings/gone-320.webp',
      'listings/gone-640.webp',
    ])
      await app.storage.put(key, webp, 'image/webp');
    await app.db
      .insert(propertyImages)
      .values({ propertyId: listing.id, storageKey: 'listings/kept', width: 640, height: 480, widths: [320, 640] });
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await sweepOrphanPhotos(app.db, app.storage, later)).toBe(2);
    expect(await stored('listings/')).toEqual(['listings/kept-320.webp', 'listings/kept-640.webp']);
  });

  it('runs for all three from the scheduled job, which touches nothing in use', async () => {
    await app.storage.put('avatars/crash-256.webp', webp, 'image/webp');
    await app.storage.put('private/receipts/crash-1600.webp', webp, 'image/webp');
    await app.storage.put('listings/crash-320.webp', webp, 'image/webp');
    // The sweep runs every 6 hours: 7 hours later it is due, and every file above is older than an hour.
    const later = Date.now() + 7 * 60 * 60_000;
    app.clock.now = () => new Date(later);
    await app.jobs.drain();
    expect(await stored('avatars/')).toEqual(['avatars/kept-256.webp']);
    expect(await stored('private/receipts/')).toEqual(['private/receipts/kept-1600.webp']);
    expect(await stored('listings/')).toEqual(['listings/kept-320.webp', 'listings/kept-640.webp']);
  });
});
