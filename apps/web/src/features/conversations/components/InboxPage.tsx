import type { ConversationSummary } from '@baan/contract';
import { useSearchParams } from 'react-router';
import { Building2 } from '../../../components/ui/icons';
import { Pager } from '../../../components/ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { currentLanguage } from '../../../i18n';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDateTime } from '../../../lib/format-date';
import { type Box, useGetConversationsQuery } from '../api/conversations-api';

const BOXES: readonly Box[] = ['inbox', 'sent'];

function Row({ item }: { item: ConversationSummary }) {
  const { t } = useTranslation('conversations');
  const unread = item.unread > 0;
  return (
    <li>
      <Link
        to={`/dashboard/messages/${item.id}`}
        className={`flex items-center gap-3 rounded-xl border p-3 hover:border-teal-600 hover:bg-teal-50/50 ${
          unread ? 'border-teal-300 bg-white' : 'border-slate-200 bg-white'
        }`}
      >
        {item.listing.cover_image ? (
          <img src={item.listing.cover_image} alt="" className="size-14 shrink-0 rounded-lg object-cover sm:size-16" />
        ) : (
          <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-400 sm:size-16">
            <Building2 className="size-6" aria-hidden="true" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className={`block truncate text-slate-900 ${unread ? 'font-bold' : 'font-semibold'}`}>
            {item.other_party.name}
          </span>
          <span className="block truncate text-sm text-slate-700">{item.listing.title}</span>
          <Preview item={item} />
          <time dateTime={item.last_message_at} className="block text-xs text-slate-600">
            {formatDateTime(item.last_message_at, currentLanguage())}
          </time>
        </span>
        {unread ? (
          <span
            data-testid="unread"
            className="grid h-6 min-w-6 shrink-0 place-items-center rounded-full bg-teal-700 px-2 text-xs font-bold text-white"
          >
            <span aria-hidden="true">{item.unread > 99 ? '99+' : item.unread}</span>
            <span className="sr-only">{t('inbox.unread', { count: item.unread })}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** The newest message on one line: its first words (text, never HTML), "You:" when the reader wrote it, its files. */
function Preview({ item }: { item: ConversationSummary }) {
  const { t } = useTranslation('conversations');
  const last = item.last_message;
  if (!last) return null;
  const parts = [last.excerpt, last.files > 0 ? t('inbox.files', { count: last.files }) : ''].filter(Boolean);
  const text = parts.join(' · ');
  return (
    <span
      data-testid="preview"
      className={`block truncate text-sm ${item.unread > 0 ? 'font-medium text-slate-900' : 'text-slate-600'}`}
    >
      {last.mine ? t('inbox.you', { text }) : text}
    </span>
  );
}

/** /dashboard/messages: the Inbox (threads about my listings) and Sent (threads I started) with unread counts. */
export function InboxPage() {
  const { t } = useTranslation('conversations');
  const [params, setParams] = useSearchParams();
  const box: Box = params.get('box') === 'sent' ? 'sent' : 'inbox';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const { data, error, isLoading, isFetching, refetch } = useGetConversationsQuery({ box, page });

  const go = (next: { box?: Box; page?: number }) => {
    const p = new URLSearchParams();
    const b = next.box ?? box;
    if (b !== 'inbox') p.set('box', b);
    const n = next.page ?? 1;
    if (n > 1) p.set('page', String(n));
    setParams(p);
  };

  let list: React.ReactNode;
  if (error && !data) {
    list = <ErrorState message={t('errors.loadFailed')} retryLabel={t('retry')} onRetry={() => void refetch()} />;
  } else if (isLoading || !data) {
    list = <LoadingState label={t('loading')} />;
  } else if (data.items.length === 0) {
    list = <EmptyState message={box === 'inbox' ? t('inbox.emptyInbox') : t('inbox.emptySent')} />;
  } else {
    list = (
      <>
        <ul aria-label={t(`inbox.boxes.${box}`)} aria-busy={isFetching} className="space-y-2">
          {data.items.map((item) => (
            <Row key={item.id} item={item} />
          ))}
        </ul>
        <Pager
          page={data.page}
          perPage={data.per_page}
          total={data.total}
          onPage={(n) => go({ page: n })}
          labels={{
            nav: t('inbox.pages'),
            previous: t('inbox.previous'),
            next: t('inbox.next'),
            pageOf: (n, count) => t('inbox.pageOf', { page: n, count }),
          }}
        />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">{t('inbox.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('inbox.subtitle')}</p>
      <nav aria-label={t('inbox.boxesLabel')} className="mt-4 mb-4 flex gap-1 border-b border-slate-200">
        {BOXES.map((b) => {
          const count = data?.unread[b] ?? 0;
          return (
            <button
              key={b}
              type="button"
              aria-current={b === box ? 'page' : undefined}
              onClick={() => go({ box: b })}
              className="-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 aria-[current=page]:border-teal-700 aria-[current=page]:text-teal-800"
            >
              {t(`inbox.boxes.${b}`)}
              {count > 0 ? (
                <span className="rounded-full bg-teal-700 px-2 text-xs leading-5 text-white">
                  <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
                  <span className="sr-only">{t('inbox.unread', { count })}</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </nav>
      {list}
    </div>
  );
}
