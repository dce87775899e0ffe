import { DEFAULT_LANGUAGE, isLanguage } from '@baan/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { listingPrices, properties, savedSearches, savedSearchPriceDrops, users } from '../../db/schema.ts';
import { loadDetails, toWireProperty } from '../properties/property-wire.ts';
import { isVisible } from '../properties/visible.ts';
import { priceDropMail } from './alert-mail.ts';
import { matchingSearchIds, savedSearchWhere } from './match-listing.ts';
import { mayMatchListing } from './search-box.ts';
import type { AlertDeps } from './send-alert.ts';
import { alertUnsubscribeToken } from './unsubscribe-token.ts';

/** A photo URL as a mail needs it: absolute (local storage answers `/uploads/…`). */
const absolute = (publicUrl: string, src: string | null) => (src?.startsWith('/') ? `${publicUrl}${src}` : src);

/**
 * One price cut (a listing_prices row lower than the price before it) mailed to every saved search that asks for
 * price drops (`notify_price_drops`), of another user who is not disabled, whose filters the listing meets now (the
 * search's own WHERE, as the new-listing alerts). Once per cut and search: the saved_search_price_drops row and the
 * queued mail are written in one transaction, and a search that holds the row is not asked again. Nothing is sent
 * for a listing that is not visible, or whose price changed again since (that change is its own). Returns how many
 * mails were queued.
 */
export async function sendPriceDropAlerts(deps: AlertDeps, listingPriceId: number, now: Date): Promise<number> {
  const { db } = deps;
  const [entry] = await db
    .select({ propertyId: listingPrices.propertyId, price: listingPrices.price })
    .from(listingPrices)
    .where(eq(listingPrices.id, listingPriceId));
  if (!entry) return 0;
  const [listing] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, entry.propertyId), isVisible));
  if (!listing || listing.price !== entry.price || listing.priceBefore === null || listing.priceBefore <= entry.price) {
    return 0;
  }
  const candidates = await db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      query: savedSearches.query,
      userName: users.name,
      email: users.email,
      language: users.language,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        eq(savedSearches.notifyPriceDrops, true),
        mayMatchListing(listing.id),
        ne(savedSearches.userId, listing.userId),
        isNull(users.disabledAt),
        sql`not exists (select 1 from ${savedSearchPriceDrops} where ${savedSearchPriceDrops.savedSearchId} = ${savedSearches.id} and ${savedSearchPriceDrops.listingPriceId} = ${listingPriceId})`,
      ),
    )
    .orderBy(savedSearches.id);
  const searches = candidates.flatMap((s) => {
    const where = savedSearchWhere(s.query);
    return where ? [{ ...s, where }] : [];
  });
  const ids = await matchingSearchIds(db, listing.id, searches);
  const matched = searches.filter((s) => ids.has(s.id));
  if (matched.length === 0) return 0;
  const { images } = await loadDetails(db, [listing.id]);
  const photo = absolute(deps.publicUrl, toWireProperty(deps.storage, listing, images.get(listing.id)).cover_image);
  let queued = 0;
  for (const search of matched) {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(savedSearchPriceDrops)
        .values({ savedSearchId: search.id, listingPriceId, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: savedSearchPriceDrops.savedSearchId });
      if (inserted.length === 0) return;
      await deps.mailer.queue(
        tx,
        priceDropMail({
          language: isLanguage(search.language) ? search.language : DEFAULT_LANGUAGE,
          name: search.userName,
          email: search.email,
          searchName: search.name,
          listing: { id: listing.id, title: listing.title, price: listing.price, type: listing.type, photo },
          previousPrice: listing.priceBefore ?? listing.price,
          publicUrl: deps.publicUrl,
          unsubscribeToken: alertUnsubscribeToken(deps.unsubscribeKey, search.id),
        }),
      );
      queued += 1;
    });
  }
  return queued;
}
