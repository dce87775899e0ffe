import type { AgencyMember } from '@baan/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useAssignMutation, useGetAgencyLeadsQuery, useGetAgencyListingsQuery } from '../api/agencies-api';
import { agencyMessageKey } from '../lib/agency-messages';

type Kind = 'listing' | 'lead';

/** Moves one listing or lead to another member (the admin's choice among the agency's members). */
function MoveControl({
  kind,
  id,
  holder,
  members,
}: {
  kind: Kind;
  id: number;
  holder: number;
  members: AgencyMember[];
}) {
  const { t } = useTranslation('agencies');
  const selectId = useId();
  const others = members.filter((m) => m.user_id !== holder);
  const [target, setTarget] = useState<number | ''>('');
  const [assign, { isLoading }] = useAssignMutation();
  if (others.length === 0) return null;
  async function move() {
    if (target === '') return;
    try {
      await assign({ kind, id, userId: target }).unwrap();
      setTarget('');
      toast.success(t('messages.assigned'));
    } catch (err) {
      toast.error(t(agencyMessageKey(err)));
    }
  }
  return (
    <span className="flex flex-wrap items-end gap-2">
      <span>
        <label htmlFor={selectId} className="block text-xs font-medium text-slate-700">
          {t('work.moveTo')}
        </label>
        <select
          id={selectId}
          value={target}
          onChange={(e) => setTarget(e.target.value === '' ? '' : Number(e.target.value))}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
        >
          <option value="">{t('work.choose')}</option>
          {others.map((m) => (
            <option key={m.user_id} value={m.user_id}>
              {m.name}
            </option>
          ))}
        </select>
      </span>
      <button
        type="button"
        onClick={move}
        disabled={isLoading || target === ''}
        className="rounded-lg border border-teal-700 px-3 py-1.5 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-50"
      >
        {t('work.move')}
      </button>
    </span>
  );
}

/** One of the admin's lists: its heading, a failure or empty line, and its items. */
function WorkList({
  title,
  empty,
  failed,
  items,
}: {
  title: string;
  empty: string;
  failed: boolean;
  items: { key: number; body: ReactNode; move: ReactNode }[] | undefined;
}) {
  const { t } = useTranslation('agencies');
  return (
    <div className="border-t border-slate-200 pt-5">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {failed ? <p className="mt-2 text-sm text-red-700">{t('messages.failed')}</p> : null}
      {items && items.length === 0 ? <p className="mt-2 text-sm text-slate-600">{empty}</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {items?.map((item) => (
          <li key={item.key} className="flex flex-wrap items-end justify-between gap-3 py-3">
            <span className="min-w-0 text-sm">{item.body}</span>
            {item.move}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The agency admin's view of every member's listings and inquiries, each movable to another member (ADR 037). */
export function AgencyWork({ slug, members }: { slug: string; members: AgencyMember[] }) {
  const { t } = useTranslation('agencies');
  const language = usePageLanguage();
  const listings = useGetAgencyListingsQuery(slug);
  const leads = useGetAgencyLeadsQuery(slug);
  return (
    <>
      <WorkList
        title={t('work.listings')}
        empty={t('work.noListings')}
        failed={listings.isError}
        items={listings.data?.items.map((item) => ({
          key: item.id,
          body: (
            <>
              <Link
                to={`/edit-property/${item.id}`}
                className="block text-base font-medium break-words text-teal-800 hover:underline"
              >
                {item.title}
              </Link>
              <span className="block text-slate-600">{t('work.heldBy', { name: item.member.name })}</span>
            </>
          ),
          move: <MoveControl kind="listing" id={item.id} holder={item.member.user_id} members={members} />,
        }))}
      />
      <WorkList
        title={t('work.leads')}
        empty={t('work.noLeads')}
        failed={leads.isError}
        items={leads.data?.items.map((lead) => ({
          key: lead.id,
          body: (
            <>
              <span className="block font-medium break-words text-slate-900">{lead.property_title}</span>
              <span className="block text-slate-600">
                {lead.name} · {formatDate(lead.created_at, language)}
              </span>
              <span className="block text-slate-600">{t('work.heldBy', { name: lead.member.name })}</span>
            </>
          ),
          move: <MoveControl kind="lead" id={lead.id} holder={lead.member.user_id} members={members} />,
        }))}
      />
    </>
  );
}
