import { type AdminVerification, REJECT_REASON_MAX } from '@baan/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Cell } from '../../../components/ui/DataTable';
import { Check, FileText, X } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchPrivateBlob } from '../../../lib/private-file';
import { useAppSelector } from '../../../session/store';
import {
  type ReviewStatus,
  useApproveVerificationMutation,
  useGetAdminVerificationsQuery,
  useRejectVerificationMutation,
} from '../api/admin-api';
import { formatDateTime } from '../lib/format';
import { pickOption } from '../lib/use-page-params';
import { ReasonDialog } from './ReasonDialog';
import {
  ActionButton,
  AdminSection,
  actionButtons,
  actionsCell,
  Badge,
  FilterTabs,
  QueryTable,
  useColumnNames,
} from './ui';
import { useConfirmAction } from './use-confirm-action';

const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];

const numberOf = (item: AdminVerification) => item.title_deed_number ?? item.licence_number ?? '';

/** The verification queue (ADR 032): title deed checks of listings and agents' licence numbers. */
export function VerificationsSection() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const status = pickOption(STATUSES, params.get('status'), 'pending');
  const query = useGetAdminVerificationsQuery(status);
  const [approve, { isLoading: isApproving }] = useApproveVerificationMutation();
  const [toReject, setToReject] = useState<AdminVerification | null>(null);
  const toApprove = useConfirmAction<AdminVerification>({
    describe: (item) => ({
      title: t('verifications.approveTitle'),
      message: t(`verifications.approveMessage.${item.kind}`, { number: numberOf(item) }),
      confirmLabel: t('verifications.approve'),
    }),
    perform: async (item) => {
      await approve(item.id).unwrap();
      return t('verifications.approved', { number: numberOf(item) });
    },
    isBusy: isApproving,
  });

  const showsActions = status === 'pending';
  const columns = {
    ...useColumnNames('verifications.columns', ['kind', 'number', 'subject', 'document', 'date']),
    last: showsActions ? t('common.actions') : t('verifications.columns.review'),
  };
  return (
    <AdminSection name="verifications">
      <div className="mt-4">
        <FilterTabs
          label={t('verifications.filter')}
          value={status}
          onChange={(next) => setParams(next === 'pending' ? {} : { status: next })}
          options={STATUSES.map((value) => ({ value, label: t(`verifications.status.${value}`) }))}
        />
      </div>
      <QueryTable
        query={query}
        emptyMessage={t(`verifications.empty.${status}`)}
        caption={t(`verifications.caption.${status}`)}
        columns={columns}
      >
        {(item) => (
          <>
            <Cell label={columns.kind}>{t(`verifications.kinds.${item.kind}`)}</Cell>
            <Cell label={columns.number}>
              <span className="font-mono text-sm break-all">{numberOf(item)}</span>
            </Cell>
            <Cell label={columns.subject}>
              {item.property_id !== null ? (
                <Link to={`/detail/${item.property_id}`} className="text-teal-800 underline">
                  {t('verifications.listing', { id: item.property_id })}
                </Link>
              ) : (
                <span>{t('verifications.user', { id: item.user_id })}</span>
              )}
            </Cell>
            <Cell label={columns.document}>
              {item.document_url ? (
                <DocumentLink path={item.document_url} />
              ) : (
                <span className="text-slate-500">{t('verifications.noDocument')}</span>
              )}
            </Cell>
            <Cell label={columns.date}>
              <span className="whitespace-nowrap">{formatDateTime(item.created_at)}</span>
            </Cell>
            <Cell label={columns.last} isLabelHidden={showsActions} className={showsActions ? actionsCell : ''}>
              {showsActions ? (
                <div className={actionButtons}>
                  <ActionButton
                    icon={Check}
                    tone="primary"
                    label={t('verifications.approve')}
                    name={t('verifications.approveLabel', { number: numberOf(item) })}
                    onClick={() => toApprove.ask(item)}
                  />
                  <ActionButton
                    icon={X}
                    tone="danger"
                    label={t('verifications.reject')}
                    name={t('verifications.rejectLabel', { number: numberOf(item) })}
                    onClick={() => setToReject(item)}
                  />
                </div>
              ) : (
                <div className="space-y-1">
                  <Badge tone={item.status === 'approved' ? 'green' : 'red'}>
                    {t(`verifications.status.${item.status}`)}
                  </Badge>
                  {item.reason ? <span className="block text-xs break-words text-slate-700">{item.reason}</span> : null}
                </div>
              )}
            </Cell>
          </>
        )}
      </QueryTable>
      {toApprove.dialog}
      {toReject ? <RejectDialog item={toReject} onClose={() => setToReject(null)} /> : null}
    </AdminSection>
  );
}

/** The private document: fetched with the bearer header and opened from a blob: URL in a new tab. */
function DocumentLink({ path }: { path: string }) {
  const { t } = useTranslation('admin');
  const token = useAppSelector((s) => s.login.token);
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setFailed(false);
    const popup = window.open('', '_blank');
    try {
      const blob = await fetchPrivateBlob(path, token);
      const url = URL.createObjectURL(blob);
      if (popup) popup.location.href = url;
      else window.location.assign(url);
    } catch {
      popup?.close();
      setFailed(true);
    }
  };
  return (
    <span className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={open}
        className="inline-flex min-h-11 items-center gap-1 text-teal-800 underline hover:text-teal-950"
      >
        <FileText className="size-4" aria-hidden="true" />
        {t('verifications.openDocument')}
      </button>
      {failed ? (
        <span role="alert" className="text-xs text-red-700">
          {t('verifications.documentFailed')}
        </span>
      ) : null}
    </span>
  );
}

/** Reject with a reason (required; the server mails it to the owner). */
function RejectDialog({ item, onClose }: { item: AdminVerification; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [reject, { isLoading }] = useRejectVerificationMutation();
  return (
    <ReasonDialog
      title={t('verifications.rejectTitle')}
      message={t(`verifications.rejectMessage.${item.kind}`, { number: numberOf(item) })}
      label={t('verifications.reason')}
      hint={t('verifications.reasonHint')}
      submitLabel={t('verifications.reject')}
      max={REJECT_REASON_MAX}
      required={t('verifications.reasonRequired')}
      tooLong={t('verifications.reasonTooLong', { max: REJECT_REASON_MAX })}
      isBusy={isLoading}
      onSubmit={(reason) => reject({ id: item.id, reason }).unwrap()}
      done={t('verifications.rejected', { number: numberOf(item) })}
      onClose={onClose}
    />
  );
}
