import type { AdminInquiry, ContactMessage, MessageKind } from '@baan/contract';
import { useState } from 'react';
import { Cell, DataTable } from '../../../components/ui/DataTable';
import { Download, Loader2 } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchPrivateBlob, saveBlob } from '../../../lib/private-file';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../../session/store';
import { queryString, useGetAdminMessagesQuery } from '../api/admin-api';
import { formatDateTime } from '../lib/format';
import { useErrorMessage } from '../lib/use-error-message';
import { pickOption, usePageParams } from '../lib/use-page-params';
import { AdminSection, buttons, Email, FilterTabs, PagedResults, QueryView, SearchForm, useColumnNames } from './ui';

const KINDS: readonly MessageKind[] = ['contact', 'inquiry', 'newsletter'];
/** Longer messages start folded. */
const FOLD_AT = 280;

/** Contact messages, listing inquiries and newsletter subscribers, with a CSV export of what the filter shows. */
export function MessagesSection() {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const token = useAppSelector((s) => s.login.token);
  const { params, q, page, setParam, setPage } = usePageParams();
  const kind = pickOption(KINDS, params.get('kind'), 'contact');
  const query = useGetAdminMessagesQuery({ kind, q, page });
  const [isExporting, setIsExporting] = useState(false);

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      const blob = await fetchPrivateBlob(`/api/admin/messages.csv${queryString({ kind, q })}`, token);
      saveBlob(blob, `baan-${kind}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setIsExporting(false);
    }
  };

  const current = query.data && query.data.kind === kind ? query.data : undefined;
  const columns = useColumnNames('messages.fields', ['email', 'language', 'date']);
  return (
    <AdminSection
      name="messages"
      actions={
        <button type="button" className={buttons.secondary} onClick={() => void exportCsv()} disabled={isExporting}>
          {isExporting ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Download className="size-4" aria-hidden="true" />
          )}
          {t('messages.export')}
        </button>
      }
    >
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <FilterTabs
          label={t('messages.kindFilter')}
          value={kind}
          onChange={(next) => setParam('kind', next === 'contact' ? '' : next)}
          options={KINDS.map((value) => ({ value, label: t(`messages.kinds.${value}`) }))}
        />
        <SearchForm label={t('messages.search')} value={q ?? ''} onSearch={(next) => setParam('q', next)} />
      </div>
      <QueryView query={{ ...query, data: current }} emptyMessage={t(`messages.empty.${kind}`)}>
        {(data) => (
          <PagedResults result={data} onPage={setPage}>
            {data.kind === 'newsletter' ? (
              <DataTable caption={t('messages.kinds.newsletter')} columns={columns} rows={data.items}>
                {(subscriber) => (
                  <>
                    <Cell label={columns.email}>
                      <Email address={subscriber.email} />
                    </Cell>
                    <Cell label={columns.language}>{subscriber.language}</Cell>
                    <Cell label={columns.date}>{formatDateTime(subscriber.created_at)}</Cell>
                  </>
                )}
              </DataTable>
            ) : (
              <ul className="mt-4 space-y-3">
                {data.kind === 'contact'
                  ? data.items.map((message) => (
                      <li key={message.id}>
                        <MessageCard message={message} />
                      </li>
                    ))
                  : data.items.map((inquiry) => (
                      <li key={inquiry.id}>
                        <MessageCard message={inquiry} />
                      </li>
                    ))}
              </ul>
            )}
          </PagedResults>
        )}
      </QueryView>
    </AdminSection>
  );
}

function isInquiry(message: ContactMessage | AdminInquiry): message is AdminInquiry {
  return 'property_title' in message;
}

function MessageCard({ message }: { message: ContactMessage | AdminInquiry }) {
  const { t } = useTranslation('admin');
  const [isOpen, setIsOpen] = useState(false);
  const isLong = message.message.length > FOLD_AT;
  const text = isLong && !isOpen ? `${message.message.slice(0, FOLD_AT).trimEnd()}…` : message.message;
  const headingId = `admin-message-${isInquiry(message) ? 'i' : 'c'}${message.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            {isInquiry(message) ? (
              <>
                {t('messages.about')}{' '}
                {message.property_id !== null ? (
                  <Link to={`/detail/${message.property_id}`} className="text-teal-800 hover:underline">
                    {message.property_title}
                  </Link>
                ) : (
                  <span>
                    {message.property_title} ({t('messages.listingDeleted')})
                  </span>
                )}
              </>
            ) : (
              message.subject
            )}
          </h3>
          <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-600">
            {message.name} ·{' '}
            <a href={`mailto:${message.email}`} className="text-teal-800 hover:underline">
              {message.email}
            </a>
            {isInquiry(message) && message.phone ? (
              <>
                {' · '}
                <span className="whitespace-nowrap">{message.phone}</span>
              </>
            ) : null}
          </p>
          {isInquiry(message) && message.owner_email ? (
            <p className="text-xs [overflow-wrap:anywhere] text-slate-600">
              {t('messages.owner', { email: message.owner_email })}
            </p>
          ) : null}
        </div>
        <p className="text-xs whitespace-nowrap text-slate-600">
          {formatDateTime(message.created_at)} · {message.language}
        </p>
      </div>
      <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-800">{text}</p>
      {isLong ? (
        <button
          type="button"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
          className="mt-2 text-sm font-semibold text-teal-800 hover:underline"
        >
          {isOpen ? t('messages.showLess') : t('messages.showMore')}
        </button>
      ) : null}
    </article>
  );
}
