import { type AdminPayment, REJECT_REASON_MAX } from '@baan/contract';
import { Check, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Cell } from '../../../components/ui/DataTable';
import { toast } from '../../../lib/toast';
import {
  type ReviewStatus,
  useApprovePaymentMutation,
  useGetAdminPaymentsQuery,
  useRejectPaymentMutation,
} from '../api/admin-api';
import { formatBaht, formatDateTime } from '../lib/format';
import { useErrorMessage } from '../lib/use-error-message';
import { pickOption } from '../lib/use-page-params';
import { Modal } from './Modal';
import { ReceiptImage } from './ReceiptImage';
import {
  ActionButton,
  AdminSection,
  actionButtons,
  actionsCell,
  Badge,
  buttons,
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
              <span className="font-mono text-xs break-all">{payment.transaction_id ?? '—'}</span>
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
  const errorMessage = useErrorMessage();
  const [reject, { isLoading }] = useRejectPaymentMutation();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setFieldError(t('payments.reasonRequired'));
      return;
    }
    if (trimmed.length > REJECT_REASON_MAX) {
      setFieldError(t('payments.reasonTooLong', { max: REJECT_REASON_MAX }));
      return;
    }
    try {
      await reject({ id: payment.id, reason: trimmed }).unwrap();
      toast.success(t('payments.rejected', { name: payment.user.name }));
      onClose();
    } catch (failure) {
      const server = (failure as { errors?: Record<string, string[]> }).errors?.reason?.[0];
      if (server) setFieldError(server);
      else toast.error(errorMessage(failure));
    }
  };

  return (
    <Modal title={t('payments.rejectTitle')} onClose={onClose} isBusy={isLoading}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-slate-700">
          {t('payments.rejectMessage', { name: payment.user.name, amount: formatBaht(payment.amount) })}
        </p>
        <label htmlFor={id} className="mt-4 block text-sm font-medium text-slate-700">
          {t('payments.reason')}
        </label>
        <textarea
          id={id}
          value={reason}
          rows={4}
          maxLength={REJECT_REASON_MAX}
          required
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setReason(event.target.value);
            setFieldError(undefined);
          }}
          className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 sm:text-sm ${fieldError ? 'border-red-500' : 'border-slate-300'}`}
        />
        {fieldError ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {fieldError}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {t('payments.reasonHint')}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={buttons.secondary} onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            disabled={isLoading}
          >
            {t('payments.reject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
