import type { StatsTotals as Totals } from '@baan/contract';
import { CalendarDays, Eye, Heart, MessageSquare, MousePointerClick, Users } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { formatCount } from '../lib/format';

/** The period's totals as a list of labelled figures; contact clicks with their split by channel when given. */
export function StatsTotals({ totals, isCompact = false }: { totals: Totals; isCompact?: boolean }) {
  const { t } = useTranslation('stats');
  const items = [
    { key: 'views', label: t('metrics.views'), value: totals.views, Icon: Eye },
    { key: 'visitors', label: t('metrics.visitors'), value: totals.visitors, Icon: Users },
    { key: 'clicks', label: t('metrics.contactClicks'), value: totals.contact_clicks, Icon: MousePointerClick },
    { key: 'inquiries', label: t('metrics.inquiries'), value: totals.inquiries, Icon: MessageSquare },
    ...(isCompact
      ? []
      : [
          { key: 'favorites', label: t('metrics.favorites'), value: totals.favorites, Icon: Heart },
          // Viewing requests (ADR 035).
          { key: 'viewings', label: t('metrics.viewings'), value: totals.viewings, Icon: CalendarDays },
        ]),
  ];
  const channels = totals.clicks;
  return (
    <dl className={`grid grid-cols-2 gap-3 ${isCompact ? 'sm:grid-cols-4' : 'sm:grid-cols-3 xl:grid-cols-6'}`}>
      {items.map(({ key, label, value, Icon }) => (
        <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <Icon className="size-4 shrink-0 text-teal-700" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{formatCount(value)}</dd>
          {key === 'clicks' && channels && !isCompact ? (
            <dd className="mt-1 text-xs text-slate-600">
              <span className="sr-only">{t('channels.label')}: </span>
              {t('channels.phone')} {formatCount(channels.phone)} · {t('channels.email')} {formatCount(channels.email)}{' '}
              · {t('channels.line')} {formatCount(channels.line)}
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
