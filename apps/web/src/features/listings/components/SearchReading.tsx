import type { PropertyPage } from '@baan/contract';
import { useRef } from 'react';
import { Trans } from 'react-i18next';
import { X } from '../../../components/ui/icons';
import { Link, useNavigate, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { summaryParts } from '../../../lib/search-summary';
import { useStationsById } from '../../../lib/stations';
import { exactSearch, isAlsoInAddress, withoutParams, withoutReading } from '../lib/search-reading';

type Props = {
  /** The search's answer: how its `q` was read, and the spelling searched instead. */
  results: Pick<PropertyPage, 'understood' | 'corrected'>;
  /** The page's address parameters. */
  search: URLSearchParams;
  /** The page's parameters under the API's names (Buy or rent's `tab` is the sub type). */
  apiView?: (search: URLSearchParams) => URLSearchParams;
  /** The page's own name for an API parameter. */
  paramName?: (name: string) => string;
  /** The page's address for these parameters (`?…`, its own order). */
  hrefFor: (search: URLSearchParams) => string;
  className?: string;
};

type Chip = { key: string; label: string; href: string };

const same = <T,>(value: T) => value;

/**
 * What a result page searched for: "Showing results for Sukhumvit" with a link to search exactly what was typed when
 * the server corrected the spelling, then one chip per thing the search holds — each reading of the text (a place,
 * a type, bedrooms… as the server read them) and each filter of the address — each a button "Remove …" that
 * searches again without it (lib/search-reading.ts says how the address is rebuilt). Every chip is its own GET form,
 * so removing works without JavaScript too. Without readings (an answer that has none) the text is one chip.
 */
export function SearchReading({ results, search, apiView = same, paramName = same, hrefFor, className = '' }: Props) {
  const { t } = useTranslation('listings');
  const { t: tSaved } = useTranslation('saved');
  const language = usePageLanguage();
  const navigate = useNavigate();
  const stations = useStationsById(search.has('station'));
  const listRef = useRef<HTMLUListElement>(null);
  const understood = results.understood ?? [];
  const typed = search.get('q')?.trim();
  const hasReadings = typed !== undefined && typed !== '' && understood.length > 0;

  const chips: Chip[] = [
    ...(hasReadings
      ? understood.flatMap((reading, index) =>
          isAlsoInAddress(reading, search, paramName)
            ? []
            : [
                {
                  key: `reading-${index}`,
                  label: reading.label,
                  href: hrefFor(withoutReading(search, understood, index, paramName)),
                },
              ],
        )
      : []),
    ...summaryParts(apiView(search), tSaved, language, stations)
      .filter((part) => !(hasReadings && part.params.includes('q')))
      .map((part) => ({
        key: part.params.join(','),
        label: part.label.charAt(0).toLocaleUpperCase(language) + part.label.slice(1),
        href: hrefFor(withoutParams(search, part.params.map(paramName))),
      })),
  ];
  const corrected = typed ? results.corrected : null;
  if (chips.length === 0 && !corrected) return null;

  return (
    <div className={`space-y-2 ${className}`.trim()}>
      {corrected ? (
        <p className="text-sm text-slate-700">
          <Trans
            t={t}
            i18nKey="reading.showingFor"
            values={{ corrected }}
            components={{ strong: <strong className="font-semibold text-slate-900" /> }}
          />{' '}
          <Link
            to={hrefFor(exactSearch(search))}
            preventScrollReset
            className="font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-900"
          >
            {t('reading.searchInstead', { typed })}
          </Link>
        </p>
      ) : null}
      {chips.length > 0 ? (
        <ul ref={listRef} tabIndex={-1} aria-label={t('reading.label')} className="flex flex-wrap gap-2 outline-none">
          {chips.map((chip) => (
            <li key={chip.key}>
              <form
                method="get"
                onSubmit={async (event) => {
                  event.preventDefault();
                  await navigate(chip.href, { preventScrollReset: true });
                  // The pressed chip is gone: the keyboard goes on from the chips left (if any).
                  listRef.current?.focus();
                }}
              >
                {[...new URLSearchParams(chip.href.slice(1))].map(([name, value]) => (
                  <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
                ))}
                <button
                  type="submit"
                  aria-label={t('reading.remove', { label: chip.label })}
                  className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-teal-200 bg-teal-50 py-1 pr-2 pl-3 text-sm font-medium text-teal-900 hover:border-teal-300 hover:bg-teal-100"
                >
                  {chip.label}
                  <X className="size-3.5 shrink-0" aria-hidden="true" />
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
