import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@baan/contract';
import { Cell } from '../../../components/ui/DataTable';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useGetAuditQuery } from '../api/admin-api';
import { formatDateTime } from '../lib/format';
import { usePageParams } from '../lib/use-page-params';
import { AdminSection, Email, PagedTable, SelectFilter, useColumnNames } from './ui';

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
    case 'project':
      return entry.action === 'project.delete' ? undefined : '/admin/projects';
    case 'payment':
      return entry.action === 'payment.reject' ? '/admin?status=rejected' : '/admin?status=approved';
    default:
      return undefined;
  }
}

/** The audit log: every admin action, newest first. */
export function AuditSection() {
  const { t } = useTranslation('admin');
  const { params, page, setParam, setPage } = usePageParams();
  const rawAction = params.get('action');
  const action = AUDIT_ACTIONS.includes(rawAction as AuditAction) ? (rawAction as AuditAction) : undefined;
  const query = useGetAuditQuery({ action, page });

  const columns = useColumnNames('audit.columns', ['when', 'who', 'what', 'target', 'details']);
  return (
    <AdminSection name="audit">
      <SelectFilter
        className="mt-4"
        selectClassName="w-full sm:w-72"
        label={t('audit.actionFilter')}
        value={action ?? ''}
        onChange={(next) => setParam('action', next)}
        options={[
          { value: '', label: t('audit.allActions') },
          ...AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) })),
        ]}
      />
      <PagedTable
        query={query}
        emptyMessage={t('audit.empty')}
        caption={t('audit.caption')}
        columns={columns}
        isTotalShown={false}
        onPage={setPage}
      >
        {(entry) => {
          const href = targetHref(entry);
          const target = `${t(`audit.targets.${entry.target_type}`)}${entry.target_id === null ? '' : ` #${entry.target_id}`}`;
          const lines = detailLines(entry.details);
          return (
            <>
              <Cell label={columns.when}>
                <time dateTime={entry.created_at} className="whitespace-nowrap">
                  {formatDateTime(entry.created_at)}
                </time>
              </Cell>
              <Cell label={columns.who}>
                <Email address={entry.actor_email} />
              </Cell>
              <Cell label={columns.what}>
                <span className="font-medium text-slate-900">{t(`audit.actions.${entry.action}`)}</span>
              </Cell>
              <Cell label={columns.target}>
                {href ? (
                  <Link to={href} className="whitespace-nowrap text-teal-800 hover:underline">
                    {target}
                  </Link>
                ) : (
                  <span className="whitespace-nowrap">{target}</span>
                )}
              </Cell>
              <Cell label={columns.details}>
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
            </>
          );
        }}
      </PagedTable>
    </AdminSection>
  );
}
