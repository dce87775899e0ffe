import { QR_REVIEW_SAMPLE_MIN, QR_REVIEW_WINDOW_DAYS } from '@baan/contract';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an admin usually takes to approve or reject a PromptPay transfer: the median time from the receipt to the
 * decision over the QR payments decided in the last QR_REVIEW_WINDOW_DAYS days, in whole hours rounded up (at least
 * 1); null when fewer than QR_REVIEW_SAMPLE_MIN were decided (the checkout then says "one working day").
 */
export async function typicalQrReviewHours(db: Db, now: Date): Promise<number | null> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      hours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${payments.reviewedAt} - ${payments.createdAt}) / 3600)::float8`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.method, 'qr'),
        isNotNull(payments.reviewedAt),
        gte(payments.reviewedAt, new Date(now.getTime() - QR_REVIEW_WINDOW_DAYS * DAY_MS)),
      ),
    );
  if (!row || row.n < QR_REVIEW_SAMPLE_MIN || row.hours === null) return null;
  return Math.max(1, Math.ceil(Number(row.hours)));
}
