import type { Conversation, ConversationMessage } from '@baan/contract';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Ban, Building2, Lock } from '../../../components/ui/icons';
import { currentLanguage } from '../../../i18n';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useBlockConversationMutation } from '../api/conversations-api';
import { describeError } from '../lib/errors';
import { Attachment } from './Attachment';
import { Composer } from './Composer';

function Message({ message, bearer }: { message: ConversationMessage; bearer: string | null }) {
  const { t } = useTranslation('conversations');
  const mine = message.mine;
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <article
        aria-label={mine ? t('thread.fromMe') : t('thread.fromThem')}
        className={`max-w-[85%] rounded-2xl px-3.5 py-2.5 shadow-sm sm:max-w-[75%] ${
          mine ? 'rounded-br-sm bg-teal-700 text-white' : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200'
        }`}
      >
        {/* Text, never HTML: React escapes it; line breaks are kept. */}
        {message.body ? (
          <p data-testid="message-body" className="text-sm leading-relaxed break-words whitespace-pre-wrap">
            {message.body}
          </p>
        ) : null}
        {message.attachments.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {message.attachments.map((file, n) => (
              <li key={file.url}>
                <Attachment file={file} n={n} bearer={bearer} />
              </li>
            ))}
          </ul>
        ) : null}
        <time
          dateTime={message.created_at}
          className={`mt-1 block text-right text-xs ${mine ? 'text-teal-50' : 'text-slate-600'}`}
        >
          {formatDateTime(message.created_at, currentLanguage())}
        </time>
      </article>
    </li>
  );
}

/**
 * A thread with the listing beside it (ADR 034): the messages oldest first (mine on the right), the composer, and
 * for the owner a Block button. `bearer` is the signed-in person's token (null for a guest, whose `token` is the
 * mailed link's). `onChange` takes the thread after a message is sent or the sender blocked.
 */
export function ThreadView({
  thread,
  bearer,
  token,
  onSent,
  onBlocked,
}: {
  thread: Conversation;
  bearer: string | null;
  token?: string;
  onSent: (message: ConversationMessage) => void;
  onBlocked?: (thread: Conversation) => void;
}) {
  const { t } = useTranslation('conversations');
  const list = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [block, { isLoading: blocking }] = useBlockConversationMutation();
  const { listing } = thread;
  const count = thread.messages.length;

  // The newest message in view when the thread opens and when one arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the number of messages changes.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const confirmBlock = async () => {
    try {
      const fresh = await block({ id: thread.id }).unwrap();
      setConfirming(false);
      onBlocked?.(fresh);
      toast.success(t('block.done', { name: thread.other_party.name }));
    } catch (error) {
      setConfirming(false);
      toast.error(describeError(t, error));
    }
  };

  const canBlock = !token && thread.role === 'owner' && !thread.blocked_by_me && thread.can_write;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <section
        aria-labelledby="thread-title"
        className="flex min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50"
      >
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
          <div className="min-w-0">
            <h1 id="thread-title" className="truncate text-lg font-bold text-slate-900">
              {thread.other_party.name}
            </h1>
            <p className="text-sm text-slate-600">
              {thread.role === 'owner' ? t('thread.roleOwner') : t('thread.roleVisitor')}
            </p>
          </div>
          {canBlock ? (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="inline-flex items-center gap-1.5 rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
            >
              <Ban className="size-4" aria-hidden="true" />
              {t('block.button')}
            </button>
          ) : null}
        </header>
        <div ref={list} className="max-h-[60svh] min-h-48 overflow-y-auto p-3 sm:p-4">
          <ol aria-label={t('thread.messages')} aria-live="polite" className="space-y-3">
            {thread.messages.map((m) => (
              <Message key={m.id} message={m} bearer={bearer} />
            ))}
          </ol>
        </div>
        {thread.can_write ? (
          <Composer id={thread.id} token={token} onSent={onSent} />
        ) : (
          <p
            role="status"
            className="flex items-start gap-2 border-t border-slate-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {thread.blocked_by_me ? t('thread.blockedByMe') : t('thread.readOnly')}
          </p>
        )}
      </section>
      <aside
        aria-label={t('thread.listing')}
        className="order-first overflow-hidden rounded-2xl border border-slate-200 bg-white lg:order-none"
      >
        <div className="flex gap-3 p-3 lg:block lg:p-0">
          {listing.cover_image ? (
            <img
              src={listing.cover_image}
              alt=""
              className="size-20 shrink-0 rounded-lg object-cover lg:aspect-[4/3] lg:h-auto lg:w-full lg:rounded-none"
            />
          ) : (
            <span className="grid size-20 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-400 lg:aspect-[4/3] lg:h-auto lg:w-full lg:rounded-none">
              <Building2 className="size-8" aria-hidden="true" />
            </span>
          )}
          <div className="min-w-0 lg:p-4">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('thread.listing')}</p>
            {listing.id !== null ? (
              <Link
                to={`/detail/${listing.id}`}
                className="mt-1 block font-semibold break-words text-teal-800 hover:underline"
              >
                {listing.title}
              </Link>
            ) : (
              <p className="mt-1 font-semibold break-words text-slate-900">
                {listing.title} <span className="text-sm font-normal text-slate-600">({t('thread.deleted')})</span>
              </p>
            )}
          </div>
        </div>
      </aside>
      {confirming ? (
        <ConfirmDialog
          title={t('block.title', { name: thread.other_party.name })}
          message={t('block.message')}
          confirmLabel={t('block.confirm')}
          cancelLabel={t('block.cancel')}
          isBusy={blocking}
          onConfirm={() => void confirmBlock()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
