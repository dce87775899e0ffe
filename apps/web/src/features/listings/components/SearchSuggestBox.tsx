import type { Suggestion } from '@baan/contract';
import { useRef, useState } from 'react';
import { Combobox } from '../../../components/ui/Combobox';
import type { IconComponent } from '../../../components/ui/icons';
import { useNavigate, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { SuggestionFetcher } from '../api/suggest';

/** The suggest module loads with the first keystroke: the home page's first chunk stays free of API code and its schemas. */
const fetchSuggestions: SuggestionFetcher = async (q, options) =>
  (await import('../api/suggest')).fetchSuggestions(q, options);

type Props = {
  label: string;
  /** The label for screen readers only (the placeholder and icon say what the box is). */
  hideLabel?: boolean;
  placeholder?: string;
  /** The text of the address's search. */
  defaultValue?: string;
  /** A place, station or project was chosen: its /api/properties query, which the host runs with its other choices. */
  onQuery: (query: URLSearchParams) => void;
  icon: IconComponent;
  inputClassName?: string;
  fetcher?: SuggestionFetcher;
  debounceMs?: number;
};

/** An app path the suggestion may open: one of ours (`/detail/12`), never another site (`//x`, `/\x`). */
const isAppPath = (url: string | null): url is string => !!url && /^\/(?![/\\])/.test(url);

/**
 * The search text box with suggestions as one types (GET /api/search/suggest in the page's language): places,
 * stations, projects and listings, each labelled with its kind and what tells it apart (`secondary`). It is the
 * shared Combobox (arrows, Enter, Escape, aria-activedescendant, the number of suggestions announced) named `q`, so
 * its form sends the typed text without JavaScript too, and Enter with no suggestion highlighted sends the form.
 * A listing, or a project with its own page, opens that page (in the page's language); a place, station or project
 * hands its query to the host, which runs it with the person's other choices.
 */
export function SearchSuggestBox({
  label,
  hideLabel,
  placeholder,
  defaultValue = '',
  onQuery,
  icon,
  inputClassName,
  fetcher = fetchSuggestions,
  debounceMs = 250,
}: Props) {
  const { t } = useTranslation('listings');
  const language = usePageLanguage();
  const navigate = useNavigate();
  const [text, setText] = useState(defaultValue);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const choose = (suggestion: Suggestion) => {
    setText(suggestion.label);
    const opensPage =
      isAppPath(suggestion.url) &&
      (suggestion.kind === 'listing' || suggestion.kind === 'project' || suggestion.query === null);
    if (opensPage && suggestion.url) navigate(suggestion.url);
    else if (suggestion.query !== null) onQuery(new URLSearchParams(suggestion.query));
  };
  const kindOf = (suggestion: Suggestion) => t(`suggest.kinds.${suggestion.kind}`);

  return (
    <Combobox<Suggestion>
      label={label}
      hideLabel={hideLabel}
      name="q"
      value={text}
      onValueChange={setText}
      search={(query, signal) => fetcherRef.current(query, { language, signal })}
      searchKey={language}
      debounceMs={debounceMs}
      onSelect={choose}
      optionKey={(suggestion) => `${suggestion.kind}:${suggestion.url ?? suggestion.query ?? suggestion.label}`}
      // Read as one phrase ("Sukhumvit, Bangkok, Place"), not as the pieces run together.
      renderOption={(suggestion) => (
        <>
          <span className="sr-only">
            {[suggestion.label, suggestion.secondary, kindOf(suggestion)].filter(Boolean).join(', ')}
          </span>
          <span aria-hidden="true" className="flex items-start justify-between gap-3">
            <span className="min-w-0">
              <span className="block truncate font-medium">{suggestion.label}</span>
              {suggestion.secondary ? (
                <span className="block truncate text-xs text-slate-500">{suggestion.secondary}</span>
              ) : null}
            </span>
            <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
              {kindOf(suggestion)}
            </span>
          </span>
        </>
      )}
      texts={{
        list: t('suggest.list'),
        loading: t('suggest.loading'),
        error: t('suggest.error'),
        noResults: t('suggest.none'),
        found: (count) => t('suggest.found', { count }),
      }}
      icon={icon}
      placeholder={placeholder}
      inputClassName={inputClassName}
      showsLoadingText={false}
    />
  );
}
