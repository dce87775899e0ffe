import type { Viewing } from '@baan/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { useDecideViewingMutation, useGetViewingsQuery } from '../api/viewings-api';
import { describeViewingFailure } from '../lib/messages';
import { bangkokDay, bangkokHour } from './bangkok';

const DONE = { confirm: 'done.confirmed', decline: 'done.declined', propose: 'done.proposed' } as const;

/** Whether the viewing is still ahead (a past one needs no answer and is no longer upcoming). */
const ahead = (v: Viewing) => Date.parse(v.starts_at) > Date.now();

/**
 * The owner's open viewing requests (asked, or another time proposed) with confirm, decline and propose another time
 * (Bangkok clock). `onDone` hears what an answer did, in the reader's language.
 */
export function ViewingRequestsList({ onDone }: { onDone?: (message: string) => void }) {
  const { t } = useTranslation('viewings');
  const list = useGetViewingsQuery();
  const open = (list.data ?? []).filter(
    (v) => v.role === 'owner' && (v.status === 'requested' || v.status === 'proposed') && ahead(v),
  );
  return (
    <section
      aria-labelledby="viewing-requests-title"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="viewing-requests-title" className="text-lg font-bold text-slate-900">
        {t('requests.title')}
      </h2>
      {list.isLoading ? null : open.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('requests.empty')}</p>
      ) : (
        <ul aria-labelledby="viewing-requests-title" className="mt-3 divide-y divide-slate-200">
          {open.map((v) => (
            <ViewingItem key={v.id} viewing={v} onDone={onDone} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Confirmed viewings still ahead, soonest first: the owner's (who may still decline or move them) and the caller's own visits. */
export function UpcomingViewings({ onDone }: { onDone?: (message: string) => void }) {
  const { t } = useTranslation('viewings');
  const list = useGetViewingsQuery();
  const upcoming = (list.data ?? []).filter((v) => v.status === 'confirmed' && ahead(v));
  return (
    <section
      aria-labelledby="viewings-upcoming-title"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="viewings-upcoming-title" className="text-lg font-bold text-slate-900">
        {t('upcoming.title')}
      </h2>
      {list.isLoading ? null : upcoming.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('upcoming.empty')}</p>
      ) : (
        <ul aria-labelledby="viewings-upcoming-title" className="mt-3 divide-y divide-slate-200">
          {upcoming.map((v) => (
            <ViewingItem key={v.id} viewing={v} onDone={onDone} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The signed-in visitor's own requests still ahead that are not confirmed (those are under upcoming): waiting for the
 * owner, a new time the owner proposed, or declined. Shown only when there are some; nothing to answer here.
 */
export function MyViewingRequests() {
  const { t, i18n } = useTranslation('viewings');
  const list = useGetViewingsQuery();
  const mine = (list.data ?? []).filter((v) => v.role === 'visitor' && v.status !== 'confirmed' && ahead(v));
  if (mine.length === 0) return null;
  const locale = i18n.language;
  return (
    <section aria-labelledby="viewings-mine-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="viewings-mine-title" className="text-lg font-bold text-slate-900">
        {t('mine.title')}
      </h2>
      <ul aria-labelledby="viewings-mine-title" className="mt-3 divide-y divide-slate-200">
        {mine.map((v) => (
          <li key={v.id} className="py-3">
            <p className="font-semibold text-slate-900">{v.property_title}</p>
            <p className="text-sm text-slate-700">
              {bangkokDay(v.starts_at, locale)} {bangkokHour(v.starts_at, locale)}–{bangkokHour(v.ends_at, locale)} ·{' '}
              {t(`mode.${v.mode}`)}
            </p>
            <p className="text-sm text-slate-600">{t(`mine.status.${v.status}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ViewingItem({ viewing, onDone }: { viewing: Viewing; onDone?: (message: string) => void }) {
  const { t, i18n } = useTranslation('viewings');
  const [decide, { isLoading }] = useDecideViewingMutation();
  const [proposing, setProposing] = useState(false);
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const locale = i18n.language;
  // Only the owner answers; a visitor sees their own confirmed visit.
  const open = viewing.role === 'owner' && viewing.status !== 'declined';

  const act = async (action: 'confirm' | 'decline' | 'propose') => {
    setError(null);
    let starts_at: string | undefined;
    if (action === 'propose') {
      // The picker's value is a Bangkok wall-clock time.
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:00$/.test(when)) {
        setError(t('requests.proposeInvalid'));
        return;
      }
      starts_at = new Date(`${when}:00+07:00`).toISOString();
    }
    try {
      await decide({ id: viewing.id, action, ...(starts_at ? { starts_at } : {}) }).unwrap();
      setProposing(false);
      onDone?.(t(DONE[action]));
    } catch (err) {
      const fallback = isApiError(err) && err.status === 409 ? t('requests.conflict') : t('requests.failed');
      const failure = describeViewingFailure(t, err, fallback);
      setError(failure.fields.starts_at ?? failure.message);
    }
  };

  return (
    <li className="py-3">
      <p className="font-semibold text-slate-900">{viewing.property_title}</p>
      <p className="text-sm text-slate-700">
        {bangkokDay(viewing.starts_at, locale)} {bangkokHour(viewing.starts_at, locale)}–
        {bangkokHour(viewing.ends_at, locale)} · {t(`mode.${viewing.mode}`)} ·{' '}
        <span>{t(`status.${viewing.status}`)}</span>
      </p>
      {viewing.role === 'owner' ? (
        <p className="text-sm break-words text-slate-600">
          {viewing.name} · {viewing.email}
          {viewing.phone ? ` · ${viewing.phone}` : ''}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{t('upcoming.yourVisit')}</p>
      )}
      {open ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {viewing.status !== 'confirmed' ? (
            <button
              type="button"
              disabled={isLoading}
              onClick={() => act('confirm')}
              className="min-h-11 rounded-lg bg-teal-700 px-3 text-sm font-semibold text-white hover:bg-teal-800"
            >
              {t('requests.confirm')}
            </button>
          ) : null}
          <button
            type="button"
            disabled={isLoading}
            onClick={() => act('decline')}
            className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800"
          >
            {t('requests.decline')}
          </button>
          <button
            type="button"
            aria-expanded={proposing}
            onClick={() => setProposing((p) => !p)}
            className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800"
          >
            {t('requests.propose')}
          </button>
        </div>
      ) : null}
      {proposing ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="text-sm text-slate-700">
            <span className="mb-1 block">{t('requests.newTime')}</span>
            <input
              type="datetime-local"
              step={3600}
              value={when}
              onChange={(e) => setWhen(e.target.value.slice(0, 16))}
              className="min-h-11 rounded-lg border border-slate-300 px-2"
            />
          </label>
          <button
            type="button"
            disabled={isLoading}
            onClick={() => act('propose')}
            className="min-h-11 rounded-lg bg-teal-700 px-3 text-sm font-semibold text-white"
          >
            {t('requests.send')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}
