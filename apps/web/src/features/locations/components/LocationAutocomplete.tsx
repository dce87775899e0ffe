import { LOCATION_QUERY_MIN, LOCATION_RESULTS_MAX, type LocationKind, type LocationSuggestion } from '@baan/contract';
import { Landmark, LoaderCircle, Map as MapIcon, MapPin, TrainFront } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appLanguage } from '../../../i18n/options';
import { fetchLocations, type LocationFetcher } from '../api/fetch-locations';

/** What the host form receives: the place's display name, coordinates and kind (plus the API's extra fields). */
export type SelectedLocation = Pick<LocationSuggestion, 'display_name' | 'lat' | 'lon' | 'kind'> &
  Partial<LocationSuggestion>;

export type LocationAutocompleteProps = {
  /** The visible label of the text box. */
  label: string;
  /** Called when a suggestion is chosen (Enter on the highlighted one, or a click or tap). */
  onSelect: (place: SelectedLocation) => void;
  /** Called on every keystroke, so a form can forget an earlier choice once the text changes. */
  onInputChange?: (text: string) => void;
  /** Suggestion source; defaults to GET /api/locations. */
  fetcher?: LocationFetcher;
  /** Milliseconds of quiet typing before asking for suggestions. */
  debounceMs?: number;
  defaultValue?: string;
  placeholder?: string;
  name?: string;
  id?: string;
  required?: boolean;
  /** A validation message from the host form, shown under the box and announced with it. */
  error?: string;
};

type Status = 'idle' | 'loading' | 'done' | 'error';

const KIND_ICONS: Record<LocationKind, typeof MapPin> = {
  province: Landmark,
  district: MapIcon,
  station: TrainFront,
  neighbourhood: MapPin,
};

/**
 * A location text box with suggestions, following the ARIA 1.2 combobox pattern (list autocomplete, manual
 * selection): the input keeps focus, arrow keys move the highlighted option (aria-activedescendant), Enter chooses
 * it, Escape closes the list. Asks for suggestions from 3 characters on, 250 ms after typing stops.
 */
export function LocationAutocomplete({
  label,
  onSelect,
  onInputChange,
  fetcher = fetchLocations,
  debounceMs = 250,
  defaultValue = '',
  placeholder,
  name,
  id,
  required,
  error,
}: LocationAutocompleteProps) {
  const { t, i18n } = useTranslation('locations');
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const hintId = `${baseId}-hint`;
  const statusId = `${baseId}-status`;
  const errorId = `${baseId}-error`;

  const [text, setText] = useState(defaultValue);
  /** The trimmed text to search for; empty while it is too short or right after a choice. */
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<LocationSuggestion[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A host passing an inline function must not restart the search on every render.
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const language = appLanguage(i18n.language);

  useEffect(() => {
    if (query.length < LOCATION_QUERY_MIN) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus('loading');
      try {
        const places = await fetcherRef.current(query, { signal: controller.signal, language });
        if (controller.signal.aborted) return;
        setResults(places.slice(0, LOCATION_RESULTS_MAX));
        setActive(-1);
        setStatus('done');
      } catch {
        if (controller.signal.aborted) return;
        setResults([]);
        setStatus('error');
      }
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, language, debounceMs]);

  const isExpanded = isOpen && status === 'done' && results.length > 0;
  const activeOptionId = isExpanded && active >= 0 ? `${listboxId}-${active}` : undefined;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setText(next);
    onInputChange?.(next);
    const trimmed = next.trim();
    setActive(-1);
    setIsOpen(true);
    if (trimmed.length >= LOCATION_QUERY_MIN) {
      setQuery(trimmed);
    } else {
      setQuery('');
      setResults([]);
      setStatus('idle');
    }
  }

  function choose(place: LocationSuggestion) {
    setText(place.display_name);
    setQuery('');
    setIsOpen(false);
    setActive(-1);
    setResults([]);
    setStatus('idle');
    onSelect(place);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        if (status !== 'done' || count === 0) return;
        event.preventDefault();
        if (!isOpen) setIsOpen(true);
        setActive((index) => (index + 1) % count);
        return;
      case 'ArrowUp':
        if (status !== 'done' || count === 0) return;
        event.preventDefault();
        if (!isOpen) setIsOpen(true);
        setActive((index) => (index <= 0 ? count - 1 : index - 1));
        return;
      case 'Enter': {
        const place = isExpanded && active >= 0 ? results[active] : undefined;
        if (place) {
          // Choosing must not also submit the surrounding form.
          event.preventDefault();
          choose(place);
        }
        return;
      }
      case 'Escape':
        if (isExpanded) {
          event.preventDefault();
          setIsOpen(false);
          setActive(-1);
        }
        return;
      default:
        return;
    }
  }

  let statusText = '';
  if (status === 'loading') statusText = t('loading');
  else if (status === 'error') statusText = t('error');
  else if (status === 'done' && isOpen && results.length === 0) statusText = t('noResults');
  const showHint = text.trim().length < LOCATION_QUERY_MIN;
  const describedBy = [showHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="relative">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <MapPin
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOptionId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={placeholder ?? t('placeholder')}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onFocus={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            setActive(-1);
          }}
          className={`w-full rounded-lg border bg-white py-2.5 pr-10 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-teal-500 focus:outline-none ${
            error ? 'border-rose-500' : 'border-slate-300'
          }`}
        />
        {status === 'loading' ? (
          <LoaderCircle
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-teal-600"
            aria-hidden="true"
          />
        ) : null}
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-label={t('suggestionsLabel')}
        hidden={!isExpanded}
        className="absolute z-30 mt-1 max-h-80 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {results.map((place, index) => {
          const Icon = KIND_ICONS[place.kind];
          const isActive = index === active;
          return (
            // biome-ignore lint/a11y/useFocusableInteractive: options never take focus; the input keeps it and points at the active one with aria-activedescendant (ARIA 1.2 combobox).
            <div
              key={`${place.kind}-${place.display_name}`}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={isActive}
              // mousedown, not click: choosing must happen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(place);
              }}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-start gap-2.5 px-3 py-2 text-sm ${
                isActive ? 'bg-teal-50 text-teal-900' : 'text-slate-800'
              }`}
            >
              <Icon className="mt-0.5 size-4 shrink-0 text-teal-600" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block break-words">{place.display_name}</span>
                <span className="block text-xs text-slate-500">{t(`kind.${place.kind}`)}</span>
              </span>
            </div>
          );
        })}
      </div>
      {showHint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {t('hint')}
        </p>
      ) : null}
      <p
        id={statusId}
        role="status"
        className={statusText ? `mt-1.5 text-sm ${status === 'error' ? 'text-rose-600' : 'text-slate-600'}` : 'sr-only'}
      >
        {statusText || (isExpanded ? t('results', { count: results.length }) : '')}
      </p>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
