import type { Station } from '@baan/contract';
import { LoaderCircle, TrainFront, X } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appLanguage } from '../../../i18n/options';
import { fetchStations, type StationFetcher, stationName, stationNames } from '../../../lib/stations';

type Props = {
  /** The chosen station's id as the form sends it (a hidden input of this name; empty for any station). */
  name: string;
  /** The station the address names. */
  defaultValue?: string;
  fetcher?: StationFetcher;
  debounceMs?: number;
  /** Classes of the text box. */
  inputClassName?: string;
};

const MAX_SHOWN = 8;
type Status = 'idle' | 'loading' | 'done' | 'error';

/**
 * A station text box with suggestions from GET /api/stations?q= (the ARIA 1.2 combobox pattern, as the location
 * search): arrow keys move through the stations, Enter or a tap chooses one, Escape closes the list. The station is
 * named in the interface language (Thai for Thai readers) with its system and line. Empty means any station.
 */
export function StationPicker({
  name,
  defaultValue,
  fetcher = fetchStations,
  debounceMs = 200,
  inputClassName,
}: Props) {
  const { t, i18n } = useTranslation('listings');
  const language = appLanguage(i18n.language);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const hintId = `${baseId}-hint`;

  const [chosen, setChosen] = useState<Station | null>(null);
  const [chosenId, setChosenId] = useState(defaultValue ?? '');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Station[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const nameOf = (station: Station) => stationName(stationNames(station), language);

  // The address names a station by id: find its name to show.
  useEffect(() => {
    if (!defaultValue) return;
    const controller = new AbortController();
    fetcherRef
      .current('', { signal: controller.signal })
      .then((stations) => {
        const station = stations.find((s) => s.id === defaultValue);
        if (station && !controller.signal.aborted) setChosen(station);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [defaultValue]);

  // Keep the shown name in the interface language (and once the address's station is known).
  useEffect(() => {
    if (chosen) setText(stationName(stationNames(chosen), language));
  }, [chosen, language]);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus('loading');
      try {
        const stations = await fetcherRef.current(query, { signal: controller.signal });
        if (controller.signal.aborted) return;
        setResults(stations.slice(0, MAX_SHOWN));
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
  }, [query, debounceMs]);

  const isExpanded = isOpen && status === 'done' && results.length > 0;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setText(next);
    // Typing over a chosen station forgets it: the search is for any station until another is chosen.
    setChosen(null);
    setChosenId('');
    setIsOpen(true);
    setActive(-1);
    const trimmed = next.trim();
    setQuery(trimmed);
    if (!trimmed) {
      setResults([]);
      setStatus('idle');
    }
  }

  function choose(station: Station) {
    setChosen(station);
    setChosenId(station.id);
    setText(nameOf(station));
    setQuery('');
    setResults([]);
    setStatus('idle');
    setIsOpen(false);
    setActive(-1);
  }

  function clear() {
    setChosen(null);
    setChosenId('');
    setText('');
    setQuery('');
    setResults([]);
    setStatus('idle');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && status === 'done' && count > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const station = isExpanded && active >= 0 ? results[active] : undefined;
      if (station) {
        // Choosing must not also submit the search.
        event.preventDefault();
        choose(station);
      }
    } else if (event.key === 'Escape' && isExpanded) {
      event.preventDefault();
      setIsOpen(false);
      setActive(-1);
    }
  }

  let statusText = '';
  if (status === 'loading') statusText = t('facts.filters.stationsLoading');
  else if (status === 'error') statusText = t('facts.filters.stationsError');
  else if (status === 'done' && isOpen && results.length === 0) statusText = t('facts.filters.noStations');

  return (
    <div className="relative">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {t('facts.filters.station')}
      </label>
      <input type="hidden" name={name} value={chosenId} />
      <div className="relative mt-1">
        <TrainFront
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listboxId}
          aria-activedescendant={isExpanded && active >= 0 ? `${listboxId}-${active}` : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={t('facts.filters.stationPlaceholder')}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onFocus={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            setActive(-1);
          }}
          className={`${inputClassName ?? ''} pr-10 pl-9`}
        />
        {status === 'loading' ? (
          <LoaderCircle
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-teal-600"
            aria-hidden="true"
          />
        ) : text ? (
          <button
            type="button"
            onClick={clear}
            aria-label={t('facts.filters.clearStation')}
            className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-label={t('facts.filters.stationList')}
        hidden={!isExpanded}
        className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {results.map((station, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options never take focus; the input keeps it and points at the active one with aria-activedescendant (ARIA 1.2 combobox).
          <div
            key={station.id}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: choosing must happen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(station);
            }}
            onMouseMove={() => setActive(index)}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-teal-50 text-teal-900' : 'text-slate-800'}`}
          >
            <span className="block">{nameOf(station)}</span>
            <span className="block text-xs text-slate-500">
              {station.system} · {t(`facts.lines.${station.line}`, { defaultValue: station.line })}
            </span>
          </div>
        ))}
      </div>
      <p id={hintId} className="mt-1 text-xs font-normal text-slate-500">
        {t('facts.filters.stationHint')}
      </p>
      <p role="status" className={statusText ? 'mt-1 text-sm font-normal text-slate-600' : 'sr-only'}>
        {statusText || (isExpanded ? t('facts.filters.stationsFound', { count: results.length }) : '')}
      </p>
    </div>
  );
}
