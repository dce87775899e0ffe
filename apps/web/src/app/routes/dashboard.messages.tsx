import { InboxPage } from '../../features/conversations/components/InboxPage';

export const handle = { i18n: ['dashboard', 'conversations'] };

/** /dashboard/messages: the conversations' Inbox and Sent boxes (ADR 034). */
export default function Messages() {
  return <InboxPage />;
}
