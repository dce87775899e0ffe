import { ThreadPage } from '../../features/conversations/components/ThreadPage';

export const handle = { i18n: ['dashboard', 'conversations'] };

/** /dashboard/messages/{id}: one thread with its listing (ADR 034). */
export default function Message() {
  return <ThreadPage />;
}
