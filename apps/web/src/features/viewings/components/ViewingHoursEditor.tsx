import { VIEWING_LIMITS, type ViewingSlot, ViewingSlotsRequest } from '@baan/contract';
import { useEffect, useId, useState } from 'react';
import { Plus, Trash2 } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { useTranslation } from '../../../i18n/use-translation';
import { burmeseWeekday } from '../../../lib/format-date';
import { dateTimeFormat } from '../../../lib/intl-cache';
import { useGetViewingSlotsQuery, useSaveViewingSlotsMutation } from '../api/viewings-api';
import { describeViewingFailure, viewingMessage } from '../lib/messages';

/** Monday first, as a Bangkok week is read; the contract's weekday is 0 = Sunday … 6. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
const STARTS = Array.from({ length: 24 }, (_, h) => hour(h));
const ENDS = Array.from({ length: 24 }, (_, h) => hour(h + 1));

type Row = ViewingSlot & { key: number };
type RowErrors = Partial<Record<'weekday' | 'start' | 'end', string>>;

/** The weekday's name in the reader's language (6 January 2030 was a Sunday; Burmese without Intl: Chromium has none). */
function weekdayName(weekday: number, locale: string): string {
  if (locale.startsWith('my')) return burmeseWeekday(weekday);
  return dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2030, 0, 6 + weekday)));
}

/** A new range on a day: after its last one (an hour, or 09:00–12:00 on an empty day). */
function nextRange(rows: Row[], weekday: number): Pick<ViewingSlot, 'start' | 'end'> {
  const ends = rows.filter((r) => r.weekday === weekday).map((r) => Number(r.end.slice(0, 2)));
  const last = ends.length > 0 ? Math.max(...ends) : null;
  if (last === null || last >= 24) return { start: '09:00', end: '12:00' };
  return { start: hour(last), end: hour(Math.min(24, last + 1)) };
}

/**
 * The owner's weekly viewing hours (PUT /api/user/viewing-slots replaces the whole week): a row per weekday with its
 * ranges, each starting and ending on the hour (Bangkok time). The contract's rules are checked before anything is
 * sent, and the API's field errors (`slots.<i>.<field>`) land on the same ranges.
 */
export function ViewingHoursEditor() {
  const { t, i18n } = useTranslation('viewings');
  const id = useId();
  const query = useGetViewingSlotsQuery();
  const [save, { isLoading: isSaving }] = useSaveViewingSlotsMutation();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [nextKey, setNextKey] = useState(1);
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const locale = i18n.language;

  // The week as stored, once it has arrived (and again after each save answers it back).
  useEffect(() => {
    if (!query.data) return;
    setRows(query.data.slots.map((slot, i) => ({ ...slot, key: -(i + 1) })));
  }, [query.data]);

  if (query.isError) {
    return <ErrorState message={t('errors.network')} retryLabel={t('hours.retry')} onRetry={query.refetch} />;
  }
  if (!rows) return <LoadingState label={t('hours.loading')} />;

  const edit = (next: Row[]) => {
    setRows(next);
    setSaved(false);
    setErrors({});
    setFormError(null);
  };
  const add = (weekday: number) => {
    edit([...rows, { key: nextKey, weekday, ...nextRange(rows, weekday) }]);
    setNextKey((k) => k + 1);
  };
  const update = (key: number, change: Partial<ViewingSlot>) =>
    edit(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const remove = (key: number) => edit(rows.filter((r) => r.key !== key));
  const atLimit = rows.length >= VIEWING_LIMITS.slots;

  /** Field errors by the list's index (`slots.<i>.<field>` or a zod path), translated. */
  const place = (entries: [string, string][]) => {
    const byRow: Record<number, RowErrors> = {};
    let general: string | null = null;
    for (const [path, message] of entries) {
      const [, index, field] = path.split('.');
      const row = rows[Number(index)];
      if (row && (field === 'weekday' || field === 'start' || field === 'end')) {
        byRow[row.key] = { ...byRow[row.key], [field]: byRow[row.key]?.[field] ?? message };
      } else general ??= message;
    }
    return { byRow, general };
  };

  const submit = async () => {
    const slots = rows.map(({ weekday, start, end }) => ({ weekday, start, end }));
    const checked = ViewingSlotsRequest.safeParse({ slots });
    if (!checked.success) {
      const { byRow, general } = place(
        checked.error.issues.map((issue): [string, string] => [
          issue.path.join('.'),
          viewingMessage(t, issue.message) ?? t('errors.slotsInvalid'),
        ]),
      );
      setErrors(byRow);
      setFormError(general ?? t('errors.slotsInvalid'));
      setSaved(false);
      return;
    }
    try {
      const answer = await save(slots).unwrap();
      setRows(answer.slots.map((slot, i) => ({ ...slot, key: nextKey + i })));
      setNextKey((k) => k + answer.slots.length);
      setErrors({});
      setFormError(null);
      setSaved(true);
    } catch (error) {
      const failure = describeViewingFailure(t, error, t('errors.slotsInvalid'));
      const { byRow, general } = place(Object.entries(failure.fields));
      setErrors(byRow);
      setFormError(general ?? failure.message);
      setSaved(false);
    }
  };

  const select =
    'min-h-11 rounded-lg border bg-white px-2 text-slate-900 focus:border-teal-600 focus:ring-2 focus:ring-teal-200';

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {t('hours.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('hours.lead')}</p>
      {rows.length === 0 ? <p className="mt-2 text-sm font-medium text-amber-800">{t('hours.empty')}</p> : null}
      <div className="mt-4 divide-y divide-slate-100">
        {WEEK.map((weekday) => {
          const day = weekdayName(weekday, locale);
          const ranges = rows.filter((r) => r.weekday === weekday);
          return (
            <fieldset key={weekday} className="grid gap-2 py-3 sm:grid-cols-[9rem_1fr] sm:items-start">
              <legend className="float-left pt-2 text-sm font-semibold text-slate-800 sm:w-36">{day}</legend>
              <div className="clear-left grid gap-2 sm:clear-none">
                {ranges.length === 0 ? <p className="pt-2 text-sm text-slate-500">{t('hours.none')}</p> : null}
                {ranges.map((row, n) => {
                  const rowErrors = errors[row.key] ?? {};
                  const message = rowErrors.start ?? rowErrors.end ?? rowErrors.weekday;
                  const errorId = `${id}-${row.key}-error`;
                  return (
                    <fieldset
                      key={row.key}
                      aria-label={t('hours.rangeLabel', { day, n: n + 1 })}
                      className="flex flex-wrap items-end gap-2"
                    >
                      <label className="grid gap-1 text-xs text-slate-600">
                        {t('hours.start')}
                        <select
                          value={row.start}
                          aria-invalid={rowErrors.start ? true : undefined}
                          aria-describedby={message ? errorId : undefined}
                          onChange={(e) => update(row.key, { start: e.target.value })}
                          className={`${select} ${rowErrors.start ? 'border-red-500' : 'border-slate-300'}`}
                        >
                          {STARTS.map((h) => (
                            <option key={h} value={h}>
                              {h}
                            </option>
                          ))}
                        </select>
                      </label>
                      <span aria-hidden="true" className="pb-3 text-slate-500">
                        –
                      </span>
                      <label className="grid gap-1 text-xs text-slate-600">
                        {t('hours.end')}
                        <select
                          value={row.end}
                          aria-invalid={rowErrors.end ? true : undefined}
                          aria-describedby={message ? errorId : undefined}
                          onChange={(e) => update(row.key, { end: e.target.value })}
                          className={`${select} ${rowErrors.end ? 'border-red-500' : 'border-slate-300'}`}
                        >
                          {ENDS.map((h) => (
                            <option key={h} value={h}>
                              {h}
                            </option>
                          ))}
                        </select>
                      </label>
                      <button
                        type="button"
                        onClick={() => remove(row.key)}
                        aria-label={t('hours.remove', { day, start: row.start, end: row.end })}
                        className="grid size-11 place-items-center rounded-lg border border-slate-300 text-slate-700 hover:bg-red-50 hover:text-red-800"
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </button>
                      {message ? (
                        <p id={errorId} className="basis-full text-sm text-red-700">
                          {message}
                        </p>
                      ) : null}
                    </fieldset>
                  );
                })}
                <div>
                  <button
                    type="button"
                    onClick={() => add(weekday)}
                    disabled={atLimit}
                    aria-label={t('hours.addFor', { day })}
                    className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:cursor-not-allowed disabled:text-slate-400"
                  >
                    <Plus className="size-4" aria-hidden="true" />
                    {t('hours.add')}
                  </button>
                </div>
              </div>
            </fieldset>
          );
        })}
      </div>
      {atLimit ? (
        <p className="mt-2 text-sm text-slate-600">{t('errors.tooManySlots', { max: VIEWING_LIMITS.slots })}</p>
      ) : null}
      {formError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {formError}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
          {t('done.slotsSaved')}
        </p>
      ) : null}
      <button
        type="button"
        onClick={submit}
        disabled={isSaving}
        className="mt-3 min-h-11 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
      >
        {t('hours.save')}
      </button>
    </section>
  );
}
