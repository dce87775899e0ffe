import {
  type AdminPrivacyRequest,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_REQUEST_TYPES,
  type PrivacyRequestStatus,
  type PrivacyRequestType,
} from '@baan/contract';
import { Cell } from '../../../components/ui/DataTable';
import { useTranslation } from '../../../i18n/use-translation';
import { useGetPrivacyRequestsQuery } from '../api/admin-api';
import { formatDateTime } from '../lib/format';
import { usePageParams } from '../lib/use-page-params';
import { AdminSection, Badge, Email, PagedTable, SelectFilter, useColumnNames } from './ui';

const STATUS_TONES: Record<PrivacyRequestStatus, 'green' | 'amber' | 'slate' | 'red'> = {
  completed: 'green',
  awaiting_confirmation: 'amber',
  expired: 'slate',
  replaced: 'slate',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * The people's PDPA requests (ADR 023): who asked for a copy of their data or the deletion of their account, when,
 * and where it stands. The e-mail of a deleted account is masked; the audit log has the same events.
 */
export function PrivacyRequestsSection() {
  const { t } = useTranslation('admin');
  const { params, page, setParam, setPage } = usePageParams();
  const type = oneOf(PRIVACY_REQUEST_TYPES, params.get('type'));
  const status = oneOf(PRIVACY_REQUEST_STATUSES, params.get('status'));
  const query = useGetPrivacyRequestsQuery({ type, status, page });
  const columns = useColumnNames('privacy.columns', ['when', 'who', 'type', 'status', 'done']);

  return (
    <AdminSection name="privacy">
      <div className="mt-4 flex flex-wrap gap-4">
        <SelectFilter
          label={t('privacy.typeFilter')}
          value={type ?? ''}
          onChange={(next) => setParam('type', next)}
          options={[
            { value: '', label: t('privacy.allTypes') },
            ...PRIVACY_REQUEST_TYPES.map((value) => ({ value, label: t(`privacy.types.${value}`) })),
          ]}
        />
        <SelectFilter
          label={t('privacy.statusFilter')}
          value={status ?? ''}
          onChange={(next) => setParam('status', next)}
          options={[
            { value: '', label: t('privacy.allStatuses') },
            ...PRIVACY_REQUEST_STATUSES.map((value) => ({ value, label: t(`privacy.statuses.${value}`) })),
          ]}
        />
      </div>
      <PagedTable
        query={query}
        emptyMessage={t('privacy.empty')}
        caption={t('privacy.caption')}
        columns={columns}
        onPage={setPage}
      >
        {(request: AdminPrivacyRequest) => (
          <>
            <Cell label={columns.when}>
              <time dateTime={request.requested_at} className="whitespace-nowrap">
                {formatDateTime(request.requested_at)}
              </time>
            </Cell>
            <Cell label={columns.who}>
              <Email address={request.email} className="font-medium text-slate-900" />
              <span className="block text-xs text-slate-600">
                {request.user_id === null ? '—' : `#${request.user_id}`}
                {request.account_deleted ? ` · ${t('privacy.deletedAccount')}` : ''}
              </span>
            </Cell>
            <Cell label={columns.type}>{t(`privacy.types.${request.type as PrivacyRequestType}`)}</Cell>
            <Cell label={columns.status}>
              <Badge tone={STATUS_TONES[request.status]}>{t(`privacy.statuses.${request.status}`)}</Badge>
              {request.status === 'awaiting_confirmation' && request.expires_at ? (
                <span className="mt-1 block text-xs text-slate-600">
                  {t('privacy.linkUntil', { date: formatDateTime(request.expires_at) })}
                </span>
              ) : null}
            </Cell>
            <Cell label={columns.done}>
              {request.completed_at ? (
                <time dateTime={request.completed_at} className="whitespace-nowrap">
                  {formatDateTime(request.completed_at)}
                </time>
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </Cell>
          </>
        )}
      </PagedTable>
    </AdminSection>
  );
}
