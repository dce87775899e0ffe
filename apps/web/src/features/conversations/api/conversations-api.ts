import type { Conversation, ConversationMessage, ConversationPage } from '@baan/contract';
import { api } from '../../../lib/api';

export type Box = 'inbox' | 'sent';

/** Who reads a thread: the signed-in party (Bearer) or a guest holding the mailed link's token. */
export type ThreadKey = { id: number; token?: string };

export interface SendArgs extends ThreadKey {
  body: string;
  files: File[];
}

const base = ({ id, token }: ThreadKey) => (token ? `/conversations/${id}` : `/user/conversations/${id}`);
const withToken = (path: string, token?: string) => (token ? `${path}?token=${encodeURIComponent(token)}` : path);

/** Text alone goes as JSON; with files, a multipart form (`body`, `files[]`). */
function messageBody({ body, files }: SendArgs): FormData | { body: string } {
  if (files.length === 0) return { body };
  const form = new FormData();
  form.set('body', body);
  for (const file of files) form.append('files[]', file, file.name);
  return form;
}

/**
 * Conversations (ADR 034): the inbox and sent boxes, a thread (for an account or a guest's token), writing and
 * blocking. `ConversationList` covers the boxes and the sidebar's unread badge; `Conversation` one thread. Writing
 * and blocking also change the owner's lead (answered, or spam; ADR 034): the `Inquiry` lists reload (the tag's name
 * only, so the lead inbox's feature is not imported).
 */
export const conversationsApi = api
  .enhanceEndpoints({ addTagTypes: ['Conversation', 'ConversationList', 'Inquiry'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getConversations: build.query<ConversationPage, { box: Box; page: number }>({
        query: ({ box, page }) => `/user/conversations?box=${box}&page=${page}`,
        providesTags: ['ConversationList'],
      }),
      getConversation: build.query<Conversation, ThreadKey>({
        query: (key) => withToken(base(key), key.token),
        providesTags: (_result, _error, { id }) => [{ type: 'Conversation', id }],
      }),
      sendMessage: build.mutation<ConversationMessage, SendArgs>({
        query: (args) => ({
          url: withToken(`${base(args)}/messages`, args.token),
          method: 'POST',
          body: messageBody(args),
        }),
        invalidatesTags: (_result, _error, { token }) => (token ? [] : ['ConversationList', 'Inquiry']),
      }),
      blockConversation: build.mutation<Conversation, { id: number }>({
        query: ({ id }) => ({ url: `/user/conversations/${id}/block`, method: 'POST' }),
        invalidatesTags: ['ConversationList', 'Inquiry'],
      }),
    }),
  });

export const {
  useGetConversationsQuery,
  useGetConversationQuery,
  useSendMessageMutation,
  useBlockConversationMutation,
} = conversationsApi;

/** Unread messages across the inbox (the dashboard sidebar's badge); undefined until known. */
export function useUnreadMessageCount(): number | undefined {
  const { data } = useGetConversationsQuery({ box: 'inbox', page: 1 });
  // A badge is never worth breaking the dashboard for: an answer without counts shows none.
  return data?.unread ? data.unread.inbox + data.unread.sent : undefined;
}
