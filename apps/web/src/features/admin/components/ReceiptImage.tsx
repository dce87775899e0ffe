import { useEffect, useState } from 'react';
import { ImageOff, Loader2 } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchPrivateBlob } from '../../../lib/private-file';
import { useAppSelector } from '../../../session/store';
import { Modal } from './Modal';

type State = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/** A private receipt: fetched with the bearer header and shown from a blob: URL; click to enlarge. */
export function ReceiptImage({ path, transactionId }: { path: string; transactionId: string }) {
  const { t } = useTranslation('admin');
  const token = useAppSelector((s) => s.login.token);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    let url: string | undefined;
    let isCurrent = true;
    setState({ kind: 'loading' });
    fetchPrivateBlob(path, token)
      .then((blob) => {
        if (!isCurrent) return;
        url = URL.createObjectURL(blob);
        setState({ kind: 'ready', url });
      })
      .catch(() => {
        if (isCurrent) setState({ kind: 'failed' });
      });
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, token]);

  const alt = t('payments.receiptAlt', { id: transactionId });
  if (state.kind === 'loading') {
    return (
      <span className="grid size-16 place-items-center rounded-lg bg-slate-100 text-slate-500">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        <span className="sr-only">{t('payments.receiptLoading')}</span>
      </span>
    );
  }
  if (state.kind === 'failed') {
    return (
      <span className="flex w-28 flex-col items-center gap-1 rounded-lg bg-slate-100 p-2 text-center text-xs text-slate-600">
        <ImageOff className="size-5" aria-hidden="true" />
        {t('payments.receiptFailed')}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-label={t('payments.enlargeReceipt', { id: transactionId })}
        className="block overflow-hidden rounded-lg border border-slate-200 hover:ring-2 hover:ring-teal-500"
      >
        <img src={state.url} alt={alt} className="size-16 object-cover" />
      </button>
      {isOpen ? (
        <Modal title={t('payments.receiptTitle', { id: transactionId })} size="lg" onClose={() => setIsOpen(false)}>
          <img src={state.url} alt={alt} className="mx-auto max-h-[75svh] w-auto object-contain" />
        </Modal>
      ) : null}
    </>
  );
}
