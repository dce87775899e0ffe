import { localizedPath } from '@baan/contract';
import { MapPin, Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, usePageLanguage } from '../../../i18n/localized-router';

/** Popular places under the home search box; each searches for its name. */
export const POPULAR_LOCATIONS = [
  { key: 'rama9', q: 'Rama 9' },
  { key: 'sukhumvit', q: 'Sukhumvit' },
  { key: 'ratchada', q: 'Ratchada' },
] as const;

/** The hero's search box: goes to quick search with the text (a GET form, so it works without JavaScript too). */
export function HomeSearch() {
  const { t } = useTranslation('listings');
  const navigate = useNavigate();
  const language = usePageLanguage();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/Quick?${new URLSearchParams({ q })}` : '/Quick');
  };
  return (
    <div className="w-full max-w-2xl">
      {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark every screen reader knows. */}
      <form
        role="search"
        aria-label={t('home.searchLabel')}
        method="get"
        action={localizedPath(language, '/Quick')}
        onSubmit={submit}
        className="flex rounded-xl bg-white p-1.5 shadow-lg"
      >
        <label className="flex flex-1 items-center gap-2 px-3">
          <MapPin className="size-5 shrink-0 text-teal-700" aria-hidden="true" />
          <span className="sr-only">{t('home.searchLabel')}</span>
          <input
            name="q"
            type="search"
            placeholder={t('home.searchPlaceholder')}
            className="h-11 w-full bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
          />
        </label>
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-lg bg-teal-700 px-5 text-sm font-semibold text-white hover:bg-teal-800"
        >
          <Search className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('search.submit')}</span>
        </button>
      </form>
      <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-teal-50">{t('home.popular')}</span>
        {POPULAR_LOCATIONS.map((place) => (
          <Link
            key={place.key}
            to={`/Quick?${new URLSearchParams({ q: place.q })}`}
            className="rounded-full border border-white/40 bg-white/10 px-3 py-1 font-medium text-white hover:bg-white/20"
          >
            {t(`places.${place.key}`)}
          </Link>
        ))}
      </div>
    </div>
  );
}
