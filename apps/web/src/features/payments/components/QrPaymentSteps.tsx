import { MAX_PHOTO_BYTES } from '@baan/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { FilePicker } from '../../../components/ui/FilePicker';
import { Check, Clock, Copy, Download, Loader2 } from '../../../components/ui/icons';
import { useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../../session/store';
import { useGetCardConfigQuery, useGetQrPaymentQuery, useSubmitQrReceiptMutation } from '../api/payments-api';
import { type CheckoutState, formatBaht } from '../hooks/checkout-state';
import { useQrReviewTime } from '../hooks/use-review-time';
import { billingFields } from './billing-fields';
import { SimulatedNotice } from './SimulatedNotice';

/** PromptPay: step 1 scan and pay the exact amount; step 2 upload the transaction ID and receipt. */
export function QrPaymentSteps({ checkout }: { checkout: CheckoutState }) {
  const { t } = useTranslation('payments');
  const [step, setStep] = useState<1 | 2>(1);
  return (
    <div>
      <ol className="mb-6 flex items-center gap-3 text-sm" aria-label={t('qr.steps')}>
        {[1, 2].map((n) => (
          <li
            key={n}
            aria-current={step === n ? 'step' : undefined}
            className={`flex items-center gap-2 ${step === n ? 'font-semibold text-teal-800' : 'text-slate-500'}`}
          >
            <span
              className={`grid size-7 place-items-center rounded-full text-xs ${
                step === n ? 'bg-teal-700 text-white' : 'bg-slate-200 text-slate-700'
              }`}
            >
              {n}
            </span>
            {t(n === 1 ? 'qr.step1' : 'qr.step2')}
          </li>
        ))}
      </ol>
      {step === 1 ? (
        <QrStep checkout={checkout} onNext={() => setStep(2)} />
      ) : (
        <ReceiptStep checkout={checkout} onBack={() => setStep(1)} />
      )}
    </div>
  );
}

function QrStep({ checkout, onNext }: { checkout: CheckoutState; onNext: () => void }) {
  const { t } = useTranslation('payments');
  const { data: config } = useGetCardConfigQuery();
  const { data, isLoading, isError } = useGetQrPaymentQuery(checkout.selectedPackage.id, {
    skip: config?.qr_enabled === false,
  });
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.reference);
      setCopied(true);
      toast.success(t('qr.copied'));
    } catch {
      toast.error(t('qr.copyFailed'));
    }
  };

  if (config?.qr_enabled === false) {
    return <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">{t('qr.unavailable')}</p>;
  }
  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        {t('qr.loading')}
      </p>
    );
  }
  if (isError || !data) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {t('qr.error')}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      {config?.qr_demo ? <SimulatedNotice badge={t('qr.demoMode')}>{t('qr.demoHint')}</SimulatedNotice> : null}
      <p className="max-w-md text-sm text-slate-700">{t('qr.scanHint')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qr_svg)}`}
        alt={t('qr.alt', { amount: formatBaht(data.amount) })}
        width={240}
        height={240}
        className="size-60 rounded-xl border border-slate-200 bg-white p-2"
      />
      {/* On a phone the bank app cannot scan its own screen: it reads the QR from a saved picture. */}
      <div className="flex max-w-sm flex-col items-center gap-1">
        <a
          href={data.qr_png}
          download={qrFileName(data.amount, data.reference)}
          className="inline-flex items-center gap-2 rounded-lg border border-teal-700 px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('qr.save')}
        </a>
        <p className="text-xs text-slate-600">{t('qr.saveHint')}</p>
      </div>
      <p className="text-3xl font-extrabold text-slate-900">
        <span className="sr-only">{t('qr.amount')}: </span>฿{formatBaht(data.amount)}
      </p>
      <div className="w-full max-w-sm">
        <p className="text-sm text-slate-600" id="qr-reference-label">
          {t('qr.reference')}
        </p>
        <div className="mt-1 flex items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 p-2">
          <code className="flex-1 text-left font-mono text-sm text-slate-900">{data.reference}</code>
          <button
            type="button"
            onClick={copy}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-teal-800 hover:bg-teal-50"
          >
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
            {copied ? t('qr.copiedShort') : t('qr.copy')}
          </button>
        </div>
        <p className="mt-1 text-xs text-slate-500">{t('qr.referenceHint')}</p>
      </div>
      <div className="flex w-full justify-end">
        <button
          type="button"
          onClick={onNext}
          className="rounded-lg bg-teal-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
        >
          {t('common.next')}
        </button>
      </div>
    </div>
  );
}

/** The saved QR's file name: what it pays and the reference to type, so it is found again among the photos. */
export function qrFileName(amount: number, reference: string): string {
  return `baan-promptpay-${amount}-thb-${reference}.png`;
}

const RECEIPT_LIMITS = { max: MAX_PHOTO_BYTES / (1024 * 1024), megapixels: 50 };

/** Why the server refused a receipt, by its status, in the reader's language. */
const RECEIPT_ERRORS: Record<number, string> = {
  409: 'transactionId.duplicate',
  413: 'transactionId.tooLarge',
  415: 'transactionId.notImage',
  422: 'transactionId.tooManyPixels',
  507: 'transactionId.storageFull',
};

function receiptError(err: unknown, t: TFunction<'payments'>): string {
  if (!isApiError(err) || typeof err.status !== 'number') return t('transactionId.error');
  if (err.status === 429) {
    // "Too many attempts. Please try again in N minutes." carries the wait.
    const minutes = /\b(\d+) minutes?/.exec(err.message ?? '')?.[1];
    return t('transactionId.tooMany', { count: Number(minutes ?? 60) });
  }
  const key = RECEIPT_ERRORS[err.status];
  return key ? t(key, RECEIPT_LIMITS) : t('transactionId.error');
}

function ReceiptStep({ checkout, onBack }: { checkout: CheckoutState; onBack: () => void }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const userId = useAppSelector((state) => state.login.user?.id) ?? checkout.userId;
  const [transactionId, setTransactionId] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [submit, { isLoading }] = useSubmitQrReceiptMutation();
  const reviewTime = useQrReviewTime();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!transactionId.trim()) {
      toast.error(t('transactionId.required'));
      return;
    }
    if (!image) {
      toast.error(t('transactionId.missingFields'));
      return;
    }
    if (image.size > MAX_PHOTO_BYTES) {
      toast.error(t('transactionId.tooLarge', RECEIPT_LIMITS));
      return;
    }
    const form = new FormData();
    form.set('transaction_id', transactionId.trim());
    form.set('package_id', String(checkout.selectedPackage.id));
    form.set('user_id', String(userId));
    for (const [key, value] of Object.entries(billingFields(checkout))) if (value) form.set(key, value);
    form.set('image', image);
    try {
      await submit(form).unwrap();
      toast.success(t('transactionId.success'));
      navigate('/order-success', { replace: true });
    } catch (err) {
      toast.error(receiptError(err, t));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <label htmlFor="qr-transaction-id" className="block text-sm font-medium text-slate-800">
          {t('transactionId.label')}
        </label>
        <input
          id="qr-transaction-id"
          value={transactionId}
          onChange={(e) => setTransactionId(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none"
        />
      </div>
      <div>
        <label htmlFor="qr-receipt" className="block text-sm font-medium text-slate-800">
          {t('transactionId.receipt')}
        </label>
        <FilePicker
          id="qr-receipt"
          accept="image/*"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
          className="mt-1"
        />
        <p className="mt-1 text-xs text-slate-500">{t('transactionId.receiptHint')}</p>
      </div>
      <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <Clock className="mt-0.5 size-4 shrink-0 text-teal-700" aria-hidden="true" />
        <span>
          {t('review.checked')} {reviewTime}
        </span>
      </p>
      <div className="flex justify-between gap-3">
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          {t('common.back')}
        </button>
        <button
          type="submit"
          disabled={isLoading}
          className="flex items-center gap-2 rounded-lg bg-teal-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-70"
        >
          {isLoading ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {isLoading ? t('transactionId.submitting') : t('common.submit')}
        </button>
      </div>
    </form>
  );
}
