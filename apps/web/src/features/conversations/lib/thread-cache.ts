import type { Conversation, ConversationMessage } from '@baan/contract';
import { conversationsApi, type ThreadKey } from '../api/conversations-api';

/** RTK Query's cache thunks go through the store's dispatch (typed loosely, as in the admin feature). */
type Dispatch = (action: unknown) => unknown;

/** Adds a message to a thread on screen (once: the writer's answer and the event stream both bring it). */
export function appendMessage(dispatch: Dispatch, key: ThreadKey, message: ConversationMessage): void {
  dispatch(
    conversationsApi.util.updateQueryData('getConversation', key, (draft) => {
      if (!draft.messages.some((m) => m.id === message.id)) draft.messages.push(message);
    }),
  );
}

/** Replaces a thread on screen (the block answer is the whole thread). */
export function replaceThread(dispatch: Dispatch, key: ThreadKey, thread: Conversation): void {
  dispatch(conversationsApi.util.upsertQueryData('getConversation', key, thread));
}
