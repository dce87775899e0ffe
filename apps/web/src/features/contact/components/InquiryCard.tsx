import {
  FORMAT_LOCALES,
  INQUIRY_NOTE_MAX,
  INQUIRY_STATUSES,
  type InquiryStatus,
  type LeadInquiry,
} from '@baan/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Clock, Mail, MessageSquareText, Phone } from '../../../components/ui/icons';
import { currentLanguage } from '../../../i18n';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useUpdateInquiryMutation } from '../api/contact-api';
import { answerTime, formatAgo, formatSpan } from '../lib/answer-time';

/** The status pill's colours: new stands out, closed recedes. */
export const STATUS_STYLES: Record<InquiryStatus, string> = {
  new: 'bg-amber-100 text-amber-900 ring-amber-300',
  contacted: 'bg-sky-100 text-sky-900 ring-sky-300',
  closed: 'bg-slate-100 text-slate-700 ring-slate-300',
  spam: 'bg-rose-100 text-rose-900 ring-rose-300',
};

type NoteState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** One inquiry in the owner's inbox, with its lead tracking: status, private note and how fast it was answered. */
export function InquiryCard({ inquiry }: { inquiry: LeadInquiry }) {
  const { t } = useTranslation('contact');
  const id = useId();
  const locale = FORMAT_LOCALES[currentLanguage()];
  const [update, { isLoading: saving }] = useUpdateInquiryMutation();
  const [status, setStatus] = useState<InquiryStatus>(inquiry.status);
  const [draft, setDraft] = useState(inquiry.note ?? '');
  const [noteState, setNoteState] = useState<NoteState>({ kind: 'idle' });

  // A reload (after any change) brings the server's status.
  useEffect(() => setStatus(inquiry.status), [inquiry.status]);

  const changeStatus = async (next: InquiryStatus) => {
    const previous = status;
    setStatus(next);
    try {
      await update({ id: inquiry.id, body: { status: next } }).unwrap();
      toast.success(t('inquiries.statusSaved', { status: t(`inquiries.statuses.${next}`) }));
    } catch {
      setStatus(previous);
      toast.error(t('inquiries.updateFailed'));
    }
  };

  const saveNote = async (event: FormEvent) => {
    event.preventDefault();
    setNoteState({ kind: 'idle' });
    try {
      const saved = await update({ id: inquiry.id, body: { status, note: draft } }).unwrap();
      setDraft(saved.note ?? '');
      setNoteState({ kind: 'saved' });
    } catch (error) {
      const message = isApiError(error) && error.status === 400 ? error.errors?.note?.[0] : undefined;
      setNoteState({ kind: 'error', message: message ?? t('inquiries.updateFailed') });
    }
  };

  const time = answerTime(inquiry, Date.now());
  const noteId = `${id}-note`;
  const noteMessageId = `${id}-note-message`;

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-title`} className="min-w-0 text-base font-semibold break-words text-slate-900">
          {inquiry.property_id !== null ? (
            <Link to={`/detail/${inquiry.property_id}`} className="text-teal-800 hover:underline">
              {inquiry.property_title}
            </Link>
          ) : (
            <>
              {inquiry.property_title}{' '}
              <span className="text-sm font-normal text-slate-600">({t('inquiries.deleted')})</span>
            </>
          )}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <span
            data-testid="inquiry-status"
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status]}`}
          >
            {t(`inquiries.statuses.${status}`)}
          </span>
          <time dateTime={inquiry.created_at} className="text-sm text-slate-600">
            {formatDateTime(inquiry.created_at, currentLanguage())}
          </time>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-800">
        <span className="sr-only">{t('inquiries.from')} </span>
        <span className="font-semibold">{inquiry.name}</span>
      </p>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <a
          href={`mailto:${inquiry.email}?subject=${encodeURIComponent(`Re: ${inquiry.property_title}`)}`}
          className="inline-flex items-center gap-1.5 break-all text-teal-800 hover:underline"
        >
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">{t('inquiries.reply', { name: inquiry.name })} </span>
          {inquiry.email}
        </a>
        {inquiry.phone ? (
          <a
            href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex items-center gap-1.5 text-teal-800 hover:underline"
          >
            <Phone className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t('inquiries.call', { name: inquiry.name })} </span>
            {inquiry.phone}
          </a>
        ) : null}
      </div>
      <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">{inquiry.message}</p>
      {inquiry.conversation_id ? (
        <Link
          to={`/dashboard/messages/${inquiry.conversation_id}`}
          className="mt-3 inline-flex items-center gap-1.5 rounded-lg border border-teal-700 px-3 py-1.5 text-sm font-semibold text-teal-800 hover:bg-teal-50"
        >
          <MessageSquareText className="size-4 shrink-0" aria-hidden="true" />
          {t('inquiries.openThread', { name: inquiry.name })}
        </Link>
      ) : null}

      <div className="mt-4 grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('inquiries.statusLabel')}
          </label>
          <select
            id={`${id}-status`}
            value={status}
            aria-busy={saving}
            onChange={(event) => void changeStatus(event.target.value as InquiryStatus)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 sm:text-sm"
          >
            {INQUIRY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`inquiries.statuses.${value}`)}
              </option>
            ))}
          </select>
          {time ? (
            <p data-testid="answer-time" className="mt-2 flex items-start gap-1.5 text-sm text-slate-600">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {time.answered
                ? t('inquiries.answeredIn', { time: formatSpan(time.minutes, locale) })
                : t('inquiries.notAnswered', { ago: formatAgo(time.minutes, locale) })}
            </p>
          ) : null}
        </div>
        <form onSubmit={(event) => void saveNote(event)} noValidate>
          <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-800">
            {t('inquiries.noteLabel')}
          </label>
          <textarea
            id={noteId}
            value={draft}
            maxLength={INQUIRY_NOTE_MAX}
            rows={2}
            onChange={(event) => {
              setDraft(event.target.value);
              setNoteState({ kind: 'idle' });
            }}
            aria-describedby={`${id}-note-hint ${noteMessageId}`}
            aria-invalid={noteState.kind === 'error' || undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm"
          />
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <p id={`${id}-note-hint`} className="text-xs text-slate-600">
              {t('inquiries.noteHint')}
            </p>
            <button
              type="submit"
              disabled={saving}
              className="rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
            >
              {t('inquiries.saveNote')}
            </button>
          </div>
          <p
            id={noteMessageId}
            role="status"
            className={`mt-1 text-sm ${noteState.kind === 'error' ? 'text-red-700' : 'text-teal-800'}`}
          >
            {noteState.kind === 'saved'
              ? t('inquiries.noteSaved')
              : noteState.kind === 'error'
                ? noteState.message
                : null}
          </p>
        </form>
      </div>
    </article>
  );
}
