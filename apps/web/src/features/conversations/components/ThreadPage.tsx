import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ArrowLeft } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useAppDispatch, useAppSelector } from '../../../session/store';
import { conversationsApi, useGetConversationQuery } from '../api/conversations-api';
import { describeError } from '../lib/errors';
import { useMessageEvents, useOpenThread } from '../lib/live';
import { appendMessage, replaceThread } from '../lib/thread-cache';
import { ThreadView } from './ThreadView';

/**
 * /dashboard/messages/{id}: a thread for the signed-in party. A new message arrives through the event stream: it is
 * shown at once, then the thread is read again (which marks it read) and the boxes' unread counts reload.
 */
export function ThreadPage() {
  const { t } = useTranslation('conversations');
  const dispatch = useAppDispatch();
  const bearer = useAppSelector((s) => s.login.token);
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const key = { id };
  const { data, error, isLoading, refetch, fulfilledTimeStamp } = useGetConversationQuery(key, { skip: !valid });
  useOpenThread(valid ? id : null);
  useMessageEvents((event) => {
    if (event.conversation_id !== id) return;
    appendMessage(dispatch, key, event.message);
    void refetch();
  });
  // Each read marks the thread read on the server: the boxes and the sidebar's badge count again.
  useEffect(() => {
    if (fulfilledTimeStamp) dispatch(conversationsApi.util.invalidateTags(['ConversationList']));
  }, [fulfilledTimeStamp, dispatch]);

  const back = (
    <Link
      to="/dashboard/messages"
      className="mb-3 inline-flex items-center gap-1.5 text-sm font-semibold text-teal-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('thread.back')}
    </Link>
  );
  if (!valid || (error && !data)) {
    return (
      <div>
        {back}
        <ErrorState
          message={valid ? describeError(t, error) : t('errors.notFound')}
          retryLabel={t('retry')}
          onRetry={() => void refetch()}
        />
      </div>
    );
  }
  if (isLoading || !data) return <LoadingState label={t('loading')} />;
  return (
    <div>
      {back}
      <ThreadView
        thread={data}
        bearer={bearer}
        onSent={(message) => appendMessage(dispatch, key, message)}
        onBlocked={(thread) => {
          replaceThread(dispatch, key, thread);
          dispatch(conversationsApi.util.invalidateTags(['ConversationList']));
        }}
      />
    </div>
  );
}
