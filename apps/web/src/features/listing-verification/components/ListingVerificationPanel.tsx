import { MAX_VERIFICATION_DOCUMENT_BYTES, TITLE_DEED_NUMBER_MAX } from '@baan/contract';
import { type FormEvent, useRef, useState } from 'react';
import { FilePicker } from '../../../components/ui/FilePicker';
import { BadgeCheck } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { useGetListingVerificationQuery, useRequestListingVerificationMutation } from '../api/verification-api';

const DEED = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

type Errors = { number?: string; document?: string; form?: string };

/**
 * "Verify this listing" on the owner's edit page: the title deed number and a photo or PDF of the deed, sent to the
 * admins' queue (never shown to visitors), and the latest check's status (waiting, verified, rejected with a reason).
 */
export function ListingVerificationPanel({ listingId }: { listingId: number }) {
  const { t } = useTranslation('property');
  const status = useGetListingVerificationQuery(listingId, { skip: listingId <= 0 });
  const [send, { isLoading }] = useRequestListingVerificationMutation();
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const current = status.data ?? null;
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(false);
    const form = new FormData(event.currentTarget);
    const number = String(form.get('title_deed_number') ?? '').trim();
    // Read from the input itself (every browser and the test DOM agree on `files`).
    const document = fileInput.current?.files?.[0] ?? null;
    const next: Errors = {};
    if (!number) next.number = t('verification.numberRequired');
    else if (number.length > TITLE_DEED_NUMBER_MAX)
      next.number = t('verification.numberTooLong', { max: TITLE_DEED_NUMBER_MAX });
    else if (!DEED.test(number)) next.number = t('verification.numberInvalid');
    if (!document || document.size === 0) next.document = t('verification.documentRequired');
    else if (!TYPES.includes(document.type)) next.document = t('verification.documentType');
    else if (document.size > MAX_VERIFICATION_DOCUMENT_BYTES) next.document = t('verification.documentTooLarge');
    setErrors(next);
    if (Object.keys(next).length > 0 || !document) return;
    form.set('title_deed_number', number);
    form.set('document', document);
    try {
      await send({ id: listingId, form }).unwrap();
      setSent(true);
      event.currentTarget?.reset();
    } catch (err) {
      const code = isApiError(err) ? err.status : 0;
      setErrors({
        form:
          code === 415
            ? t('verification.documentType')
            : code === 413
              ? t('verification.documentTooLarge')
              : t('verification.failed'),
      });
    }
  };

  return (
    <section
      aria-labelledby="verify-listing-title"
      className="mx-auto mt-8 max-w-3xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="verify-listing-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <BadgeCheck className="size-5 text-emerald-700" aria-hidden="true" />
        {t('verification.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('verification.lead')}</p>
      {current ? (
        <p role="status" className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          {t(`verification.status.${current.status}`, { number: current.title_deed_number })}
          {current.status === 'rejected' && current.reason ? (
            <span className="mt-1 block">
              {t('verification.reason')} {current.reason}
            </span>
          ) : null}
        </p>
      ) : null}
      {sent ? (
        <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
          {t('verification.sent')}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          name="title_deed_number"
          label={t('verification.number')}
          hint={t('verification.numberHint')}
          error={errors.number}
          maxLength={TITLE_DEED_NUMBER_MAX * 2}
          autoComplete="off"
        />
        <div>
          <label htmlFor="verify-document" className="mb-1 block text-sm font-medium text-slate-700">
            {t('verification.document')}
          </label>
          <FilePicker
            inputRef={fileInput}
            id="verify-document"
            name="document"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            aria-invalid={errors.document ? true : undefined}
            aria-describedby={errors.document ? 'verify-document-error verify-document-hint' : 'verify-document-hint'}
          />
          <p id="verify-document-hint" className="mt-1 text-xs text-slate-600">
            {t('verification.documentHint')}
          </p>
          {errors.document ? (
            <p id="verify-document-error" className="mt-1 text-sm text-red-700">
              {errors.document}
            </p>
          ) : null}
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {errors.form}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={isLoading}
            className="min-h-11 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {t('verification.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
