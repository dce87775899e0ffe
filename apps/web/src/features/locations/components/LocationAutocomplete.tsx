import { LOCATION_QUERY_MIN, LOCATION_RESULTS_MAX, type LocationKind, type LocationSuggestion } from '@baan/contract';
import { useRef, useState } from 'react';
import { Combobox } from '../../../components/ui/Combobox';
import { Landmark, MapIcon, MapPin, TrainFront } from '../../../components/ui/icons';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
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

const KIND_ICONS: Record<LocationKind, typeof MapPin> = {
  province: Landmark,
  district: MapIcon,
  station: TrainFront,
  neighbourhood: MapPin,
};

/**
 * A location text box with suggestions (the shared Combobox: ARIA 1.2 combobox pattern, list autocomplete, manual
 * selection): arrow keys move the highlighted option, Enter chooses it, Escape closes the list. Asks for
 * suggestions from 3 characters on, 250 ms after typing stops.
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
  const [text, setText] = useState(defaultValue);
  // A host passing an inline function must not restart the search on every render.
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const language = appLanguage(i18n.language);

  return (
    <Combobox<LocationSuggestion>
      label={label}
      value={text}
      onValueChange={(next) => {
        setText(next);
        onInputChange?.(next);
      }}
      search={async (query, signal) =>
        (await fetcherRef.current(query, { signal, language })).slice(0, LOCATION_RESULTS_MAX)
      }
      searchKey={language}
      minLength={LOCATION_QUERY_MIN}
      debounceMs={debounceMs}
      onSelect={(place) => {
        setText(place.display_name);
        onSelect(place);
      }}
      optionKey={(place) => `${place.kind}-${place.display_name}`}
      renderOption={(place) => {
        const Icon = KIND_ICONS[place.kind];
        return (
          <span className="flex items-start gap-2.5">
            <Icon className="mt-0.5 size-4 shrink-0 text-teal-600" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="block break-words">{place.display_name}</span>
              <span className="block text-xs text-slate-500">{t(`kind.${place.kind}`)}</span>
            </span>
          </span>
        );
      }}
      texts={{
        list: t('suggestionsLabel'),
        loading: t('loading'),
        error: t('error'),
        noResults: t('noResults'),
        found: (count) => t('results', { count }),
      }}
      icon={MapPin}
      hint={text.trim().length < LOCATION_QUERY_MIN ? t('hint') : undefined}
      error={error}
      required={required}
      name={name}
      id={id}
      placeholder={placeholder ?? t('placeholder')}
    />
  );
}
