import { MAX_COMPARE, type Property } from '@baan/contract';
import { AlertTriangle, GitCompareArrows } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { type CompareFormat, CompareTable } from './CompareTable';

/** Why the address names no listings to compare (the contract's CompareQuery refusals, and a failed read). */
export type CompareProblem = 'invalid' | 'tooMany' | 'failed';

type Props = {
  items: Property[];
  /** How many listings the address asked for: more than `items` when some are no longer visible. */
  requested: number;
  problem: CompareProblem | null;
  format: CompareFormat;
  onRemove: (id: number) => void;
};

/** /compare: the heading, what went wrong or that nothing is picked yet, and the listings side by side. */
export function ComparePage({ items, requested, problem, format, onRemove }: Props) {
  const { t } = useTranslation('tools');
  const missing = Math.max(0, requested - items.length);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="flex items-center gap-2 text-3xl font-bold text-slate-900">
        <GitCompareArrows className="size-7 text-teal-700" aria-hidden="true" />
        {t('compare.title')}
      </h1>
      <p className="mt-1 mb-6 text-slate-600">{t('compare.intro', { max: MAX_COMPARE })}</p>
      {problem ? (
        <div
          role="alert"
          data-testid="compare-problem"
          className="mb-6 flex items-start gap-3 rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-950"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-rose-700" aria-hidden="true" />
          <p>{t(`compare.errors.${problem}`, { max: MAX_COMPARE })}</p>
        </div>
      ) : null}
      {missing > 0 && !problem ? (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          {t('compare.missing', { count: missing })}
        </p>
      ) : null}
      {items.length > 0 ? (
        <>
          <p className="mb-2 text-sm text-slate-600 sm:hidden">{t('compare.scrollHint')}</p>
          <CompareTable items={items} format={format} onRemove={onRemove} />
        </>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-8 text-center" data-testid="compare-empty">
          <p className="mb-4 text-slate-700">{t('compare.empty', { max: MAX_COMPARE })}</p>
          <Link
            to="/Quick"
            className="inline-flex rounded-lg bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
          >
            {t('compare.browse')}
          </Link>
        </div>
      )}
    </div>
  );
}
