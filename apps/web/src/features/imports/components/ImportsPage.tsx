import type { ImportDetail, ImportSummary } from '@baan/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FilePicker } from '../../../components/ui/FilePicker';
import { Download, FileUp, Link2, StopCircle } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-date';
import { fetchPrivateBlob, saveBlob } from '../../../lib/private-file';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../../session/store';
import {
  useGetImportQuery,
  useGetImportsQuery,
  useImportFeedMutation,
  useStopImportMutation,
  useUploadImportMutation,
} from '../api/imports-api';

/** How often a running import is asked for its progress. */
export const POLL_MS = 1500;

const isRunning = (item: Pick<ImportSummary, 'status'>) => item.status === 'queued' || item.status === 'running';

const BUTTON =
  'inline-flex items-center gap-2 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-60';
const SECONDARY =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
const CARD = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
const INPUT = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

/** /dashboard/imports: import listings from a CSV file or a Kyero feed, watch the progress, read the report. */
export function ImportsPage() {
  const { t, i18n } = useTranslation('dashboard');
  const token = useAppSelector((s) => s.login.token);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useGetImportsQuery(undefined, { refetchOnMountOrArgChange: true });
  const anyRunning = Boolean(list.data?.some(isRunning));
  // While an import runs, its line is asked again (polling stops once every import has ended).
  useGetImportsQuery(undefined, { pollingInterval: anyRunning ? POLL_MS : 0, skip: !anyRunning });
  const shown = selected ?? list.data?.[0]?.id ?? null;

  const download = async (path: string, name: string) => {
    try {
      saveBlob(await fetchPrivateBlob(path, token), name);
    } catch {
      toast.error(t('imports.downloadFailed'));
    }
  };

  return (
    <section aria-labelledby="imports-title" className="space-y-6">
      <div>
        <h1 id="imports-title" className="text-2xl font-bold text-slate-900">
          {t('imports.title')}
        </h1>
        <p className="mt-1 text-slate-700">{t('imports.lead')}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            type="button"
            className={SECONDARY}
            onClick={() => download('/api/user/imports/template.csv', 'baan-import-template.csv')}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('imports.template')}
          </button>
          <button
            type="button"
            className={SECONDARY}
            onClick={() => download('/api/user/properties.csv', 'baan-listings.csv')}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('imports.export')}
          </button>
        </div>
        <details className="mt-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-teal-800">{t('imports.columnsTitle')}</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{t('imports.columns.ref')}</li>
            <li>{t('imports.columns.fields')}</li>
            <li>{t('imports.columns.rooms')}</li>
            <li>{t('imports.columns.photos')}</li>
            <li>{t('imports.columns.formula')}</li>
          </ul>
        </details>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <UploadForm onQueued={setSelected} />
        <FeedForm onQueued={setSelected} />
      </div>
      <section aria-labelledby="imports-history" className="space-y-3">
        <h2 id="imports-history" className="text-lg font-semibold text-slate-900">
          {t('imports.history')}
        </h2>
        {list.isError ? (
          <ErrorState message={t('imports.loadFailed')} retryLabel={t('imports.retry')} onRetry={list.refetch} />
        ) : list.isLoading || !list.data ? (
          <LoadingState label={t('imports.loading')} />
        ) : list.data.length === 0 ? (
          <p className="text-slate-600">{t('imports.none')}</p>
        ) : (
          <ul className="space-y-3">
            {list.data.map((item) => (
              <ImportLine
                key={item.id}
                item={item}
                isShown={item.id === shown}
                onShow={() => setSelected(item.id)}
                date={(iso) => formatDateTime(iso, i18n.language)}
              />
            ))}
          </ul>
        )}
      </section>
      {shown !== null ? <Report id={shown} /> : null}
    </section>
  );
}

function Progress({ item }: { item: ImportSummary }) {
  const { t } = useTranslation('dashboard');
  const { done, total } = item.progress;
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-label={t('imports.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={done}
        aria-valuetext={total === null ? t('imports.progressOpen', { done }) : t('imports.progress', { done, total })}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-teal-600 transition-[width]"
          style={{ width: total ? `${Math.min(100, Math.round((done / total) * 100))}%` : '15%' }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {total === null ? t('imports.progressOpen', { done }) : t('imports.progress', { done, total })}
      </p>
    </div>
  );
}

function ImportLine({
  item,
  isShown,
  onShow,
  date,
}: {
  item: ImportSummary;
  isShown: boolean;
  onShow: () => void;
  date: (iso: string) => string;
}) {
  const { t } = useTranslation('dashboard');
  const [stop, { isLoading: isStopping }] = useStopImportMutation();
  const name = item.file_name ?? item.url ?? '';
  const stopFeed = async () => {
    try {
      await stop(item.id).unwrap();
      toast.success(t('imports.stopped'));
    } catch {
      toast.error(t('imports.stopFailed'));
    }
  };
  return (
    <li className={`${CARD} ${isShown ? 'ring-2 ring-teal-600' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-all text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">
            {t(`imports.format.${item.format}`)} · {t(`imports.mode.${item.mode}`)} ·{' '}
            {t(`imports.schedule.${item.schedule}`)} · {date(item.created_at)}
          </p>
        </div>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-800">
          {t(`imports.status.${item.status}`)}
        </span>
      </div>
      {isRunning(item) ? <Progress item={item} /> : null}
      <p className="mt-2 text-sm text-slate-800">
        {t('imports.counts', {
          created: item.counts.created,
          updated: item.counts.updated,
          unchanged: item.counts.unchanged,
          paused: item.counts.paused,
          failed: item.counts.failed,
        })}
      </p>
      {item.error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {item.error}
        </p>
      ) : null}
      {item.next_run_at ? (
        <p className="mt-1 text-sm text-slate-600">{t('imports.nextRun', { date: date(item.next_run_at) })}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={SECONDARY} onClick={onShow} aria-pressed={isShown}>
          {t('imports.showReport')}
        </button>
        {item.next_run_at ? (
          <button type="button" className={SECONDARY} onClick={stopFeed} disabled={isStopping}>
            <StopCircle className="size-4" aria-hidden="true" />
            {t('imports.stop')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function Report({ id }: { id: number }) {
  const { t } = useTranslation('dashboard');
  const first = useGetImportQuery(id);
  const running = first.data ? isRunning(first.data) : true;
  const { data, isError, refetch } = useGetImportQuery(id, { pollingInterval: running ? POLL_MS : 0 });
  if (isError)
    return <ErrorState message={t('imports.loadFailed')} retryLabel={t('imports.retry')} onRetry={refetch} />;
  if (!data) return <LoadingState label={t('imports.loading')} />;
  return (
    <section aria-labelledby="import-report" className={CARD}>
      <h2 id="import-report" className="text-lg font-semibold text-slate-900">
        {t('imports.reportTitle', { name: data.file_name ?? data.url ?? '' })}
      </h2>
      {isRunning(data) ? <Progress item={data} /> : null}
      <ReportTable detail={data} />
    </section>
  );
}

function ReportTable({ detail }: { detail: ImportDetail }) {
  const { t } = useTranslation('dashboard');
  if (detail.items.length === 0) return <p className="mt-2 text-slate-600">{t('imports.noRows')}</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('imports.reportCaption')}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-3">
              {t('imports.row')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('imports.ref')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('imports.outcome')}
            </th>
            <th scope="col" className="py-2">
              {t('imports.reasons')}
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.items.map((item) => (
            <tr key={`${item.outcome}-${item.row}-${item.ref}`} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3">{item.row ?? '—'}</td>
              <td className="py-2 pr-3 break-all">{item.ref ?? '—'}</td>
              <td className={`py-2 pr-3 font-medium ${item.outcome === 'failed' ? 'text-red-800' : 'text-slate-900'}`}>
                {t(`imports.outcomes.${item.outcome}`)}
              </td>
              <td className="py-2 break-words">
                {Object.entries(item.errors).map(([field, reasons]) => (
                  <p key={field}>
                    <span className="font-mono text-xs text-slate-600">{field}</span>: {reasons.join(' ')}
                  </p>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {detail.items_total > detail.items.length ? (
        <p className="mt-2 text-sm text-slate-600">
          {t('imports.moreRows', { shown: detail.items.length, total: detail.items_total })}
        </p>
      ) : null}
    </div>
  );
}

/** The API's refusal of a new import, in the reader's language. */
function useImportError() {
  const { t } = useTranslation('dashboard');
  return (error: unknown): string => {
    if (!isApiError(error) || typeof error.status !== 'number') return t('imports.errors.failed');
    if (error.status === 403) return t('imports.errors.noPackage');
    if (error.status === 413) return t('imports.errors.tooLarge');
    if (error.status === 415) return t('imports.errors.wrongType');
    // A refused address is answered in the reader's language already (the API reads Accept-Language).
    const url = error.errors?.url?.[0];
    if (error.status === 400 && url) return url;
    return t('imports.errors.failed');
  };
}

function ModeField({ name }: { name: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-medium text-slate-800">{t('imports.modeLabel')}</legend>
      <label className="mt-1 flex items-start gap-2 text-sm">
        <input type="radio" name={name} value="partial" defaultChecked className="mt-1" />
        <span>{t('imports.modeHelp.partial')}</span>
      </label>
      <label className="mt-1 flex items-start gap-2 text-sm">
        <input type="radio" name={name} value="full" className="mt-1" />
        <span>{t('imports.modeHelp.full')}</span>
      </label>
    </fieldset>
  );
}

function UploadForm({ onQueued }: { onQueued: (id: number) => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [upload, { isLoading }] = useUploadImportMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const message = useImportError();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = fileInput.current?.files?.[0];
    if (!file || file.size === 0) {
      setProblem(t('imports.errors.chooseFile'));
      return;
    }
    const body = new FormData();
    body.set('mode', String(data.get('mode') ?? 'partial'));
    body.set('file', file, file.name);
    try {
      const queued = await upload(body).unwrap();
      setProblem(null);
      toast.success(t('imports.queued'));
      form.reset();
      onQueued(queued.id);
    } catch (error) {
      setProblem(message(error));
    }
  };
  return (
    <form onSubmit={submit} className={CARD} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <FileUp className="size-5" aria-hidden="true" />
        {t('imports.uploadTitle')}
      </h2>
      <label htmlFor={`${id}-file`} className="mt-3 block text-sm font-medium text-slate-800">
        {t('imports.fileLabel')}
      </label>
      <FilePicker
        id={`${id}-file`}
        inputRef={fileInput}
        name="file"
        accept=".csv,.xml,text/csv,application/xml,text/xml"
        className="mt-1"
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <ModeField name="mode" />
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="mt-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      <button type="submit" className={`${BUTTON} mt-4`} disabled={isLoading}>
        {t('imports.uploadSubmit')}
      </button>
    </form>
  );
}

function FeedForm({ onQueued }: { onQueued: (id: number) => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [importFeed, { isLoading }] = useImportFeedMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const message = useImportError();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const url = String(data.get('url') ?? '').trim();
    if (!/^https?:\/\/\S+$/i.test(url)) {
      setProblem(t('imports.errors.badUrl'));
      return;
    }
    try {
      const queued = await importFeed({
        url,
        format: data.get('format') === 'csv' ? 'csv' : 'kyero_v3',
        schedule: (String(data.get('schedule')) as 'once' | 'hourly' | 'daily') ?? 'once',
        mode: data.get('feed-mode') === 'full' ? 'full' : 'partial',
      }).unwrap();
      setProblem(null);
      toast.success(t('imports.queued'));
      form.reset();
      onQueued(queued.id);
    } catch (error) {
      setProblem(message(error));
    }
  };
  return (
    <form onSubmit={submit} className={CARD} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Link2 className="size-5" aria-hidden="true" />
        {t('imports.feedTitle')}
      </h2>
      <label htmlFor={`${id}-url`} className="mt-3 block text-sm font-medium text-slate-800">
        {t('imports.urlLabel')}
      </label>
      <input
        id={`${id}-url`}
        name="url"
        type="url"
        inputMode="url"
        maxLength={2048}
        placeholder="https://"
        className={INPUT}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-800">
          {t('imports.formatLabel')}
          <select name="format" defaultValue="kyero_v3" className={INPUT}>
            <option value="kyero_v3">{t('imports.format.kyero_v3')}</option>
            <option value="csv">{t('imports.format.csv')}</option>
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          {t('imports.scheduleLabel')}
          <select name="schedule" defaultValue="daily" className={INPUT}>
            <option value="once">{t('imports.schedule.once')}</option>
            <option value="hourly">{t('imports.schedule.hourly')}</option>
            <option value="daily">{t('imports.schedule.daily')}</option>
          </select>
        </label>
      </div>
      <ModeField name="feed-mode" />
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="mt-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      <button type="submit" className={`${BUTTON} mt-4`} disabled={isLoading}>
        {t('imports.feedSubmit')}
      </button>
    </form>
  );
}
