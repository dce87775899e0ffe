import { Loader2, MapPin } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { inputClass } from './fields';
import type { LocationFieldProps } from './StepDefine';

/** GET /api/locations answers with at most 10 of these (docs/api.md, "Listings"). */
interface Place {
  display_name: string;
  lat: number;
  lon: number;
  kind: string;
}

export const MIN_QUERY = 3;
const DEBOUNCE_MS = 250;

type Status = 'idle' | 'searching' | 'done' | 'failed';

/**
 * A combobox (WAI-ARIA 1.2 list autocomplete) over GET /api/locations: searches from 3 characters, arrows move
 * through the suggestions, Enter chooses, Escape closes. Free text is kept when nothing is chosen.
 */
export function LocationAutocomplete({ inputId, label, value, invalid, describedBy, onChange }: LocationFieldProps) {
  const { t } = useTranslation('property');
  const listId = useId();
  const hintId = useId();
  const statusId = useId();
  const [places, setPlaces] = useState<Place[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState('');
  const chosen = useRef<string | null>(null);

  useEffect(() => {
    const q = query.trim();
    if (q.length < MIN_QUERY) {
      setPlaces([]);
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      setStatus('searching');
      try {
        const response = await fetch(`/api/locations?q=${encodeURIComponent(q)}`, {
          headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
          signal: controller.signal,
        });
        const body = (await response.json()) as { success?: boolean; payload?: Place[] };
        if (!response.ok || !Array.isArray(body.payload)) throw new Error('bad answer');
        setPlaces(body.payload.slice(0, 10));
        setActive(-1);
        setStatus('done');
      } catch {
        if (controller.signal.aborted) return;
        setPlaces([]);
        setStatus('failed');
      }
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [query]);

  const choose = (place: Place) => {
    chosen.current = place.display_name;
    onChange({ location: place.display_name, lat: place.lat, lon: place.lon });
    setIsOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && places.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((i) => (i + 1) % places.length);
    } else if (event.key === 'ArrowUp' && places.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((i) => (i <= 0 ? places.length - 1 : i - 1));
    } else if (event.key === 'Enter' && isOpen && active >= 0) {
      event.preventDefault();
      const place = places[active];
      if (place) choose(place);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsOpen(false);
    }
  };

  const isExpanded = isOpen && places.length > 0;
  const message =
    status === 'searching'
      ? t('define.locationSearching')
      : status === 'failed'
        ? t('define.locationFailed')
        : status === 'done' && isOpen
          ? places.length > 0
            ? t('define.locationResults', { count: places.length })
            : t('define.locationNoResults')
          : '';

  return (
    <div className="relative">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative">
        <MapPin
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listId}
          aria-activedescendant={isExpanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          placeholder={t('define.locationPlaceholder')}
          value={value}
          onChange={(event) => {
            const text = event.target.value;
            // Editing after a choice drops the chosen place's coordinates.
            chosen.current = null;
            onChange({ location: text });
            setQuery(text);
            setIsOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setIsOpen(false)}
          className={`${inputClass(invalid)} pl-9`}
        />
        {status === 'searching' ? (
          <Loader2
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-slate-500"
            aria-hidden="true"
          />
        ) : null}
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-slate-600">
        {t('define.locationHint')}
      </p>
      <p id={statusId} role="status" className="sr-only">
        {message}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!isExpanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {places.map((place, i) => (
          // Keyboard choice goes through the combobox input (arrows + Enter), as the ARIA pattern has it.
          <div
            key={`${place.display_name}-${place.lat}-${place.lon}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            // mousedown, not click: it fires before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(place);
            }}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-teal-50 text-teal-900' : 'text-slate-800 hover:bg-slate-50'}`}
          >
            {place.display_name}
          </div>
        ))}
      </div>
    </div>
  );
}
