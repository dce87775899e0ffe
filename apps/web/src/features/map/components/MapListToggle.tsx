import { useEffect, useState } from 'react';
import { useNavigationType } from 'react-router';
import { List, MapIcon } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';

/** The list's columns beside the map (half the width from 1024 px). */
export const MAP_LIST_COLUMNS = 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2';

/**
 * Whether the results show the map: on when the page opens with an area in its address, or when Back or Forward
 * brings one back (not when the map's own late write arrives after the person chose the list).
 */
export function useMapView(bbox: string | undefined) {
  const [isMap, setIsMap] = useState(bbox !== undefined);
  const navigationType = useNavigationType();
  useEffect(() => {
    if (bbox !== undefined && navigationType === 'POP') setIsMap(true);
  }, [bbox, navigationType]);
  return [isMap, setIsMap] as const;
}

const button =
  'inline-flex h-10 items-center gap-1.5 px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/** "List" and "Map": two toggle buttons (aria-pressed) in a labelled group. */
export function MapListToggle({ isMap, onChange }: { isMap: boolean; onChange: (isMap: boolean) => void }) {
  const { t } = useTranslation('map');
  const style = (isOn: boolean) => (isOn ? 'bg-teal-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50');
  return (
    <fieldset className="inline-flex overflow-hidden rounded-lg border border-slate-300">
      <legend className="sr-only">{t('view')}</legend>
      <button
        type="button"
        aria-pressed={!isMap}
        onClick={() => onChange(false)}
        className={`${button} ${style(!isMap)}`}
      >
        <List className="size-4" aria-hidden="true" />
        {t('list')}
      </button>
      <button
        type="button"
        aria-pressed={isMap}
        onClick={() => onChange(true)}
        className={`${button} border-l border-slate-300 ${style(isMap)}`}
      >
        <MapIcon className="size-4" aria-hidden="true" />
        {t('map')}
      </button>
    </fieldset>
  );
}
