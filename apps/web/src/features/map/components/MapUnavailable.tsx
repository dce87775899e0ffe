import type { ReactNode } from 'react';
import { MapPinOff } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';

/** What takes a map's place when it cannot be shown (no tiles, or Leaflet did not load). */
export function MapUnavailable({ className = 'h-72', children }: { className?: string; children?: ReactNode }) {
  const { t } = useTranslation('map');
  return (
    <div
      data-testid="map-unavailable"
      role="status"
      className={`flex flex-col items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center ${className}`}
    >
      <MapPinOff className="size-8 text-slate-500" aria-hidden="true" />
      <p className="text-sm font-semibold text-slate-800">{t('unavailable')}</p>
      {children}
    </div>
  );
}
