import { CONVERSATION_LIMITS, type ConversationMessage } from '@baan/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ImagePlus, Send, X } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { useSendMessageMutation } from '../api/conversations-api';
import { describeError } from '../lib/errors';

const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

/**
 * Writes a message: text (up to 5000 characters) and up to 4 photos or PDFs of 10 MB each. What the browser can
 * tell (size, count, type) is refused before sending; the API's refusals (413, 415, 429, 403…) are shown in the
 * person's language. `onSent` gets the stored message.
 */
export function Composer({
  id,
  token,
  onSent,
}: {
  id: number;
  token?: string;
  onSent: (message: ConversationMessage) => void;
}) {
  const { t } = useTranslation('conversations');
  const uid = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<{ key: number; file: File }[]>([]);
  const nextKey = useRef(0);
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useSendMessageMutation();

  const addFiles = (chosen: FileList | null) => {
    setError(null);
    const list = [...(chosen ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    const wrong = list.find((f) => !ACCEPT.includes(f.type));
    if (wrong) return setError(t('errors.fileType'));
    const large = list.find((f) => f.size > CONVERSATION_LIMITS.fileBytes);
    if (large) return setError(t('errors.fileTooLargeNamed', { name: large.name }));
    if (files.length + list.length > CONVERSATION_LIMITS.files) return setError(t('errors.tooManyFiles'));
    setFiles((f) => [...f, ...list.map((file) => ({ key: nextKey.current++, file }))]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const text = body.trim();
    if (!text && files.length === 0) return setError(t('errors.bodyRequired'));
    try {
      const message = await send({ id, token, body: text, files: files.map((f) => f.file) }).unwrap();
      setBody('');
      setFiles([]);
      onSent(message);
    } catch (failure) {
      setError(describeError(t, failure));
    }
  };

  const errorId = `${uid}-error`;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="border-t border-slate-200 bg-white p-3 sm:p-4">
      <label htmlFor={`${uid}-body`} className="sr-only">
        {t('composer.label')}
      </label>
      <textarea
        id={`${uid}-body`}
        value={body}
        rows={3}
        maxLength={CONVERSATION_LIMITS.body}
        placeholder={t('composer.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => {
          setBody(event.target.value);
          setError(null);
        }}
        className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 sm:text-sm"
      />
      {files.length > 0 ? (
        <ul aria-label={t('composer.chosen')} className="mt-2 flex flex-wrap gap-2">
          {files.map(({ key, file }) => (
            <li
              key={key}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
            >
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                onClick={() => setFiles((f) => f.filter((other) => other.key !== key))}
                aria-label={t('composer.remove', { name: file.name })}
                className="grid size-6 place-items-center rounded-full hover:bg-slate-200"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 empty:hidden">
        {error}
      </p>
      <div className="mt-2 flex items-start justify-between gap-2 sm:items-center">
        <div className="min-w-0">
          <input
            ref={fileInput}
            id={`${uid}-files`}
            type="file"
            multiple
            accept={ACCEPT.join(',')}
            onChange={(event) => addFiles(event.target.files)}
            className="peer sr-only"
          />
          <label
            htmlFor={`${uid}-files`}
            // The input is hidden: its keyboard focus shows on the label.
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 hover:bg-slate-50"
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            {t('composer.attach')}
          </label>
          <span className="mt-1 block text-xs text-slate-600 sm:mt-0 sm:ml-2 sm:inline">
            {t('composer.attachHint')}
          </span>
        </div>
        <button
          type="submit"
          disabled={isLoading}
          aria-busy={isLoading}
          // Never squeezed onto two lines by a long attach label (Burmese "ပို့ / ရန်" at 375 px).
          className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
        >
          <Send className="size-4" aria-hidden="true" />
          {isLoading ? t('composer.sending') : t('composer.send')}
        </button>
      </div>
    </form>
  );
}
