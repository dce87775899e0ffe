import { CONVERSATION_LIMITS } from '@baan/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { useAppDispatch } from '../../../session/store';
import { useGetConversationQuery } from '../api/conversations-api';
import { describeError } from '../lib/errors';
import { appendMessage } from '../lib/thread-cache';
import { ThreadView } from './ThreadView';

/** How often a guest's open thread asks for new messages, while the tab is visible. */
export const GUEST_POLL_MS = 15_000;

/**
 * /messages/{id}?token=: the guest's thread through the link mailed to them, no login (ADR 034). A guest has no
 * event stream, so the thread is read again every 15 s while the page is visible (and at once when it comes back).
 */
export function GuestThreadPage() {
  const { t } = useTranslation('conversations');
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const token = useSearchParams()[0].get('token') ?? '';
  const valid = Number.isSafeInteger(id) && id > 0 && token.length > 0 && token.length <= CONVERSATION_LIMITS.token;
  const key = { id, token };
  const { data, error, isLoading, refetch } = useGetConversationQuery(key, { skip: !valid });

  useEffect(() => {
    if (!valid) return;
    const visible = () => document.visibilityState === 'visible';
    const timer = setInterval(() => {
      if (visible()) void refetch();
    }, GUEST_POLL_MS);
    const onVisibility = () => {
      if (visible()) void refetch();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [valid, refetch]);

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
