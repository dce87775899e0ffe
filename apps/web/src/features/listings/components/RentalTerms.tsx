import type { Property } from '@baan/contract';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { rentalTermLines } from '../../../lib/rental-terms';
import { formatPrice } from '../lib/format';

/**
 * Beside the rent: what moving in costs (the first month, the advance and the deposit; move_in_cost), with the
 * months it counts. Nothing for a sale or when the listing does not give both terms.
 */
export function MoveInCost({ property }: { property: Property }) {
  const { t } = useTranslation('listings');
  if (property.type !== 'rent' || property.move_in_cost === null) return null;
  return (
    <p className="text-base text-slate-700" data-testid="move-in-cost">
      <span className="font-semibold text-slate-900">
        {t('rentalTerms.moveInCost')}: {formatPrice(property.move_in_cost)}
      </span>
      <span className="block text-sm text-slate-600">
        {t('rentalTerms.moveInCostParts', {
          advance: t('rentalTerms.months', { count: property.advance_months ?? 0 }),
          deposit: t('rentalTerms.months', { count: property.deposit_months ?? 0 }),
        })}
      </span>
    </p>
  );
}

/** The listing page's "Rental terms": each term the rental gives (RENTAL_TERM_FIELDS' order); nothing without one. */
export function RentalTerms({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('listings');
  const lines = rentalTermLines(property, t, appLanguage(i18n.language));
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="detail-rental-terms" className="mt-10">
      <h2 id="detail-rental-terms" className="mb-4 text-xl font-bold text-slate-900">
        {t('rentalTerms.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {lines.map((line) => (
          <div key={line.name} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-xs font-medium text-slate-600">{line.label}</dt>
            <dd className="mt-2 text-base font-semibold text-slate-900">{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
