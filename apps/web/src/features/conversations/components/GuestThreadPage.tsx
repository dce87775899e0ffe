import { CONVERSATION_LIMITS } from '@baan/contract';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { useTranslation } from '../../../i18n/use-translation';
import { readEventStream } from '../../../lib/event-stream';
import { useAppDispatch } from '../../../session/store';
import { useGetConversationQuery } from '../api/conversations-api';
import { describeError } from '../lib/errors';
import { guestEventsPath, parseMessageEvent } from '../lib/live';
import { appendMessage } from '../lib/thread-cache';
import { ThreadView } from './ThreadView';

/**
 * /messages/{id}?token=: the guest's thread through the link mailed to them, no login (ADR 034). New messages arrive
 * on the guest's own event stream (the token opens this thread's stream only): each is shown at once and the thread
 * is read again (which marks it read); after a lost stream comes back, the thread is read again for what was missed.
 */
export function GuestThreadPage() {
  const { t } = useTranslation('conversations');
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const token = useSearchParams()[0].get('token') ?? '';
  const valid = Number.isSafeInteger(id) && id > 0 && token.length > 0 && token.length <= CONVERSATION_LIMITS.token;
  const key = { id, token };
  const { data, error, isLoading, refetch } = useGetConversationQuery(key, { skip: !valid });
  const latestRefetch = useRef(refetch);
  latestRefetch.current = refetch;

  useEffect(() => {
    if (!valid) return;
    const leave = new AbortController();
    let opened = 0;
    void readEventStream({
      url: guestEventsPath(id, token),
      signal: leave.signal,
      onEvent: (event) => {
        const value = event.event === 'message' ? parseMessageEvent(event.data) : null;
        if (!value || value.conversation_id !== id) return;
        appendMessage(dispatch, { id, token }, value.message);
        void latestRefetch.current();
      },
      onOpen: (open) => {
        // The first opening follows the first read; a later one means messages may have come while it was lost.
        if (open && ++opened > 1) void latestRefetch.current();
      },
    });
    return () => leave.abort();
  }, [valid, id, token, dispatch]);

  let content: React.ReactNode;
  if (!valid || (error && !data)) {
    const message =
      !valid || (typeof error === 'object' && error && 'status' in error && error.status === 404)
        ? t('errors.badLink')
        : describeError(t, error);
    content = <ErrorState message={message} retryLabel={t('retry')} onRetry={() => void refetch()} />;
  } else if (isLoading || !data) {
    content = <LoadingState label={t('loading')} />;
  } else {
    content = (
      <>
        <p className="mb-3 text-sm text-slate-600">{t('guest.intro')}</p>
        <ThreadView
          thread={data}
          bearer={null}
          token={token}
          onSent={(message) => appendMessage(dispatch, key, message)}
        />
      </>
    );
  }
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">{content}</div>;
}
