import { type AdminPayment, REJECT_REASON_MAX } from '@baan/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Cell } from '../../../components/ui/DataTable';
import { Check, X } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import {
  type ReviewStatus,
  useApprovePaymentMutation,
  useGetAdminPaymentsQuery,
  useRejectPaymentMutation,
} from '../api/admin-api';
import { formatBaht, formatDateTime } from '../lib/format';
import { pickOption } from '../lib/use-page-params';
import { ReasonDialog } from './ReasonDialog';
import { ReceiptImage } from './ReceiptImage';
import {
  ActionButton,
  AdminSection,
  actionButtons,
  actionsCell,
  Badge,
  FilterTabs,
  NameAndEmail,
  QueryTable,
  useColumnNames,
} from './ui';
import { useConfirmAction } from './use-confirm-action';

const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];

/** Payments to review: QR receipts waiting for an admin, and the ones already approved or rejected. */
export function PaymentsSection() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const status = pickOption(STATUSES, params.get('status'), 'pending');
  const query = useGetAdminPaymentsQuery(status);
  const [approve, { isLoading: isApproving }] = useApprovePaymentMutation();
  const [toReject, setToReject] = useState<AdminPayment | null>(null);
  const toApprove = useConfirmAction<AdminPayment>({
    describe: (payment) => ({
      title: t('payments.approveTitle'),
      message: t('payments.approveMessage', {
        amount: formatBaht(payment.amount),
        name: payment.user.name,
        package: payment.package.name,
      }),
      confirmLabel: t('payments.approve'),
    }),
    perform: async (payment) => {
      await approve(payment.id).unwrap();
      return t('payments.approved', { name: payment.user.name });
    },
    isBusy: isApproving,
  });

  const showsActions = status === 'pending';
  const columns = {
    ...useColumnNames('payments.columns', ['receipt', 'transaction', 'amount', 'user', 'package', 'date']),
    last: showsActions ? t('common.actions') : t('payments.columns.review'),
  };
  return (
    <AdminSection name="payments">
      <div className="mt-4">
        <FilterTabs
          label={t('payments.filter')}
          value={status}
          onChange={(next) => setParams(next === 'pending' ? {} : { status: next })}
          options={STATUSES.map((value) => ({ value, label: t(`payments.status.${value}`) }))}
        />
      </div>
      <QueryTable
        query={query}
        emptyMessage={t(`payments.empty.${status}`)}
        caption={t(`payments.caption.${status}`)}
        columns={columns}
      >
        {(payment) => (
          <>
            <Cell label={columns.receipt}>
              {payment.receipt_url ? (
                <ReceiptImage path={payment.receipt_url} transactionId={payment.transaction_id ?? String(payment.id)} />
              ) : (
                <span className="text-slate-500">{t('payments.noReceipt')}</span>
              )}
            </Cell>
            <Cell label={columns.transaction}>
              <span className="block font-mono text-xs break-all">{payment.transaction_id ?? '—'}</span>
              <SameTransfer payment={payment} />
              {/* What the payer was told to put in the transfer's memo, beside the ID: match both with the receipt. */}
              {payment.reference ? (
                <span className="mt-1.5 block text-xs text-slate-600">
                  {t('payments.reference')}: <span className="font-mono text-slate-900">{payment.reference}</span>
                </span>
              ) : null}
            </Cell>
            <Cell label={columns.amount}>
              <span className="font-semibold whitespace-nowrap">{formatBaht(payment.amount)}</span>
            </Cell>
            <Cell label={columns.user} className="md:min-w-56">
              <NameAndEmail name={payment.user.name} email={payment.user.email} />
            </Cell>
            <Cell label={columns.package}>{payment.package.name}</Cell>
            <Cell label={columns.date}>
              <span className="whitespace-nowrap">{formatDateTime(payment.created_at)}</span>
            </Cell>
            <Cell label={columns.last} isLabelHidden={showsActions} className={showsActions ? actionsCell : ''}>
              {showsActions ? (
                <div className={actionButtons}>
                  <ActionButton
                    icon={Check}
                    tone="primary"
                    label={t('payments.approve')}
                    name={t('payments.approveLabel', { name: payment.user.name })}
                    onClick={() => toApprove.ask(payment)}
                  />
                  <ActionButton
                    icon={X}
                    tone="danger"
                    label={t('payments.reject')}
                    name={t('payments.rejectLabel', { name: payment.user.name })}
                    onClick={() => setToReject(payment)}
                  />
                </div>
              ) : (
                <ReviewSummary payment={payment} />
              )}
            </Cell>
          </>
        )}
      </QueryTable>
      {toApprove.dialog}
      {toReject ? <RejectDialog payment={toReject} onClose={() => setToReject(null)} /> : null}
    </AdminSection>
  );
}

/**
 * Other payments that may be the same bank transfer (the same reference however it was typed, or the same receipt
 * picture), so one transfer is not approved for several buyers.
 */
function SameTransfer({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  if (payment.matches.length === 0) return null;
  return (
    <div className="mt-1.5 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950" role="note">
      <p className="font-semibold">{t('payments.matches.title', { count: payment.matches.length })}</p>
      <ul className="mt-1 space-y-1">
        {payment.matches.map((match) => (
          <li key={match.id} className="break-words">
            {t('payments.matches.item', {
              id: match.id,
              name: match.user.name,
              email: match.user.email,
              status: t(`payments.status.${match.status}`, { defaultValue: match.status }),
              date: formatDateTime(match.created_at),
            })}{' '}
            <span className="font-medium">
              {match.same.map((kind) => t(`payments.matches.same.${kind}`)).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewSummary({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-1">
      <Badge tone={payment.status === 'approved' ? 'green' : 'red'}>{t(`payments.status.${payment.status}`)}</Badge>
      {payment.reviewed_at ? (
        <span className="block text-xs text-slate-600">{formatDateTime(payment.reviewed_at)}</span>
      ) : null}
      {payment.reject_reason ? (
        <span className="block text-xs break-words text-slate-700">{payment.reject_reason}</span>
      ) : null}
    </div>
  );
}

/** Reject with a reason (required; the server mails it to the payer). */
function RejectDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [reject, { isLoading }] = useRejectPaymentMutation();
  return (
    <ReasonDialog
      title={t('payments.rejectTitle')}
      message={t('payments.rejectMessage', { name: payment.user.name, amount: formatBaht(payment.amount) })}
      label={t('payments.reason')}
      hint={t('payments.reasonHint')}
      submitLabel={t('payments.reject')}
      max={REJECT_REASON_MAX}
      required={t('payments.reasonRequired')}
      tooLong={t('payments.reasonTooLong', { max: REJECT_REASON_MAX })}
      isBusy={isLoading}
      onSubmit={(reason) => reject({ id: payment.id, reason }).unwrap()}
      done={t('payments.rejected', { name: payment.user.name })}
      onClose={onClose}
    />
  );
}
