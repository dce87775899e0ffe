import type { ConversationMessage } from '@baan/contract';
import { useEffect, useState } from 'react';
import { FileText, ImageOff } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchPrivateBlob } from '../../../lib/private-file';

type File = ConversationMessage['attachments'][number];

/**
 * A private file of a message (ADR 034): the API serves it only to the two parties (the Bearer, or the guest's token
 * already in its address), so it is fetched and shown through a blob: URL; an image as a thumbnail that opens it,
 * a PDF as a link.
 */
export function Attachment({ file, n, bearer }: { file: File; n: number; bearer: string | null }) {
  const { t } = useTranslation('conversations');
  const [state, setState] = useState<{ url: string } | 'loading' | 'failed'>('loading');

  useEffect(() => {
    let url: string | null = null;
    let alive = true;
    fetchPrivateBlob(file.url, bearer).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (alive) setState({ url });
        else URL.revokeObjectURL(url);
      },
      () => {
        if (alive) setState('failed');
      },
    );
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.url, bearer]);

  const label = file.kind === 'image' ? t('thread.image', { n: n + 1 }) : t('thread.pdf', { n: n + 1 });
  if (state === 'failed') {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-2 py-1 text-xs text-slate-600">
        <ImageOff className="size-4" aria-hidden="true" />
        {t('thread.fileFailed', { name: label })}
      </span>
    );
  }
  if (state === 'loading') {
    return (
      <span
        role="status"
        className="inline-block h-20 w-24 animate-pulse rounded-lg bg-slate-200"
        aria-label={t('thread.fileLoading', { name: label })}
      />
    );
  }
  if (file.kind === 'image') {
    return (
      <a href={state.url} target="_blank" rel="noopener noreferrer" className="block">
        <img src={state.url} alt={label} className="h-24 w-32 rounded-lg object-cover ring-1 ring-slate-200" />
      </a>
    );
  }
  return (
    <a
      href={state.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 rounded-lg border border-current/30 px-2.5 py-1.5 text-sm font-semibold underline-offset-2 hover:underline"
    >
      <FileText className="size-4 shrink-0" aria-hidden="true" />
      {label}
    </a>
  );
}
