import type { Station } from '@baan/contract';
import { useEffect, useRef, useState } from 'react';
import { Combobox } from '../../../components/ui/Combobox';
import { TrainFront } from '../../../components/ui/icons';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
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

/**
 * A station text box with suggestions from GET /api/stations?q= (the shared Combobox, as the location search): arrow
 * keys move through the stations, Enter or a tap chooses one, Escape closes the list. The station is named in the
 * interface language (Thai for Thai readers) with its system and line. Empty means any station.
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
  const [chosen, setChosen] = useState<Station | null>(null);
  const [chosenId, setChosenId] = useState(defaultValue ?? '');
  const [text, setText] = useState('');
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

  return (
    <>
      <input type="hidden" name={name} value={chosenId} />
      <Combobox<Station>
        label={t('facts.filters.station')}
        value={text}
        onValueChange={(next) => {
          setText(next);
          // Typing over a chosen station forgets it: the search is for any station until another is chosen.
          setChosen(null);
          setChosenId('');
        }}
        search={async (query, signal) => (await fetcherRef.current(query, { signal })).slice(0, MAX_SHOWN)}
        debounceMs={debounceMs}
        onSelect={(station) => {
          setChosen(station);
          setChosenId(station.id);
          setText(nameOf(station));
        }}
        optionKey={(station) => station.id}
        renderOption={(station) => (
          <>
            <span className="block">{nameOf(station)}</span>
            <span className="block text-xs text-slate-500">
              {station.system} · {t(`facts.lines.${station.line}`, { defaultValue: station.line })}
            </span>
          </>
        )}
        texts={{
          list: t('facts.filters.stationList'),
          loading: t('facts.filters.stationsLoading'),
          error: t('facts.filters.stationsError'),
          noResults: t('facts.filters.noStations'),
          found: (count) => t('facts.filters.stationsFound', { count }),
        }}
        icon={TrainFront}
        hint={t('facts.filters.stationHint')}
        clearLabel={t('facts.filters.clearStation')}
        placeholder={t('facts.filters.stationPlaceholder')}
        inputClassName={inputClassName}
        density="compact"
      />
    </>
  );
}
