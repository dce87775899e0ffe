import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@baan/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetAuditQuery } from '../api/admin-api';
import { formatDateTime } from '../lib/format';
import { useErrorMessage } from '../lib/use-error-message';
import { usePageParams } from '../lib/use-page-params';
import { Cell, Email, EmptyState, ErrorState, LoadingState, Pager, SectionHeader, table } from './ui';

function isAction(value: string | null): value is AuditAction {
  return AUDIT_ACTIONS.includes(value as AuditAction);
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  return JSON.stringify(value);
}

/** What changed, in one line per detail: "reason: blurry", "price: 490 → 590". */
export function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([key, value]) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'from' in value && 'to' in value) {
      return `${key}: ${formatValue(value.from)} → ${formatValue(value.to)}`;
    }
    return `${key}: ${formatValue(value)}`;
  });
}

/** Where a target lives in the app, when it has a page. */
function targetHref(entry: AuditEntry): string | undefined {
  if (entry.target_id === null) return undefined;
  switch (entry.target_type) {
    case 'property':
      return entry.action === 'property.delete' ? undefined : `/detail/${entry.target_id}`;
    case 'user':
      return `/admin/users?q=${encodeURIComponent(`#${entry.target_id}`)}`;
    case 'package':
      return '/admin/packages';
    case 'payment':
      return entry.action === 'payment.reject' ? '/admin?status=rejected' : '/admin?status=approved';
    default:
      return undefined;
  }
}

/** The audit log: every admin action, newest first. */
export function AuditSection() {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const actionId = useId();
  const { params, page, setParam } = usePageParams();
  const rawAction = params.get('action');
  const action = isAction(rawAction) ? rawAction : undefined;
  const { data, isLoading, isFetching, error, refetch } = useGetAuditQuery({ action, page });

  return (
    <section aria-labelledby="admin-audit-title">
      <SectionHeader id="admin-audit-title" title={t('audit.title')} lead={t('audit.lead')} />
      <div className="mt-4">
        <label htmlFor={actionId} className="block text-xs font-semibold text-slate-600">
          {t('audit.actionFilter')}
        </label>
        <select
          id={actionId}
          value={action ?? ''}
          onChange={(event) => setParam('action', event.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:w-72 sm:text-sm"
        >
          <option value="">{t('audit.allActions')}</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {t(`audit.actions.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {isLoading || (isFetching && !data) ? (
        <LoadingState />
      ) : error ? (
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : !data || data.items.length === 0 ? (
        <div className="mt-4">
          <EmptyState message={t('audit.empty')} />
        </div>
      ) : (
        <>
          <div className={table.wrap}>
            <table className={table.table}>
              <caption className="sr-only">{t('audit.caption')}</caption>
              <thead className={table.thead}>
                <tr>
                  <th scope="col" className={table.th}>
                    {t('audit.columns.when')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('audit.columns.who')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('audit.columns.what')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('audit.columns.target')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('audit.columns.details')}
                  </th>
                </tr>
              </thead>
              <tbody className={table.tbody}>
                {data.items.map((entry) => {
                  const href = targetHref(entry);
                  const target = `${t(`audit.targets.${entry.target_type}`)}${entry.target_id === null ? '' : ` #${entry.target_id}`}`;
                  const lines = detailLines(entry.details);
                  return (
                    <tr key={entry.id} className={table.tr}>
                      <Cell label={t('audit.columns.when')}>
                        <time dateTime={entry.created_at} className="whitespace-nowrap">
                          {formatDateTime(entry.created_at)}
                        </time>
                      </Cell>
                      <Cell label={t('audit.columns.who')}>
                        <Email address={entry.actor_email} />
                      </Cell>
                      <Cell label={t('audit.columns.what')}>
                        <span className="font-medium text-slate-900">{t(`audit.actions.${entry.action}`)}</span>
                      </Cell>
                      <Cell label={t('audit.columns.target')}>
                        {href ? (
                          <Link to={href} className="whitespace-nowrap text-teal-800 hover:underline">
                            {target}
                          </Link>
                        ) : (
                          <span className="whitespace-nowrap">{target}</span>
                        )}
                      </Cell>
                      <Cell label={t('audit.columns.details')}>
                        {lines.length === 0 ? (
                          <span className="text-slate-500">—</span>
                        ) : (
                          <ul className="space-y-0.5 text-xs break-words text-slate-700">
                            {lines.map((line) => (
                              <li key={line}>{line}</li>
                            ))}
                          </ul>
                        )}
                      </Cell>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            page={data.page}
            perPage={data.per_page}
            total={data.total}
            onPage={(next) => setParam('page', String(next))}
          />
        </>
      )}
    </section>
  );
}
