import type { AdminJob, AdminJobPage, JobState } from '@baan/contract';
import { type ReactNode, useId, useState } from 'react';
import { Cell } from '../../../components/ui/DataTable';
import { RotateCcw } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { useGetAdminJobsQuery, useRetryJobMutation } from '../api/admin-api';
import { formatDateTime } from '../lib/format';
import { pickOption, usePageParams } from '../lib/use-page-params';
import { ActionButton, AdminSection, actionButtons, actionsCell, Email, FilterTabs, PagedTable } from './ui';
import { useToastAction } from './use-confirm-action';

/** Failed first: those are the jobs that need an admin (and the API's default). */
const STATES: readonly JobState[] = ['dead', 'queued', 'running', 'done'];
/** The states whose jobs an admin can queue (again): a dead job from scratch, a waiting one to run now. */
const RETRYABLE: readonly JobState[] = ['dead', 'queued'];
/** The counts the API gives, in the order the console shows them. */
const COUNTED = ['queued', 'running', 'dead'] as const satisfies readonly (keyof AdminJobPage['counts'])[];

/** Kinds the console can name; any other kind (a newer server's) is shown as the server spells it. */
const KIND_KEYS: Record<string, string> = {
  'mail.send': 'jobs.kinds.mail',
  'photos.sweep': 'jobs.kinds.photoSweep',
  'jobs.cleanup': 'jobs.kinds.cleanup',
};
/** Longer errors start folded. */
const ERROR_FOLD_AT = 160;

/** Durable background jobs (mail and the scheduled clean-ups): how many wait, run and failed; the list; retry. */
export function JobsSection() {
  const { t } = useTranslation('admin');
  const { params, page, setParam, setPage } = usePageParams();
  const state = pickOption(STATES, params.get('state'), 'dead');
  // Jobs move on by the second: a state shown before is asked for again, its last rows on screen meanwhile.
  const query = useGetAdminJobsQuery({ state, page }, { refetchOnMountOrArgChange: true });
  const [retry, { isLoading: isRetrying }] = useRetryJobMutation();
  const run = useToastAction();
  const kindName = (kind: string) => {
    const key = KIND_KEYS[kind];
    return key ? t(key) : kind;
  };

  const retryJob = (job: AdminJob) =>
    run(async () => {
      await retry(job.id).unwrap();
      return t('jobs.retried', { id: job.id, kind: kindName(job.kind) });
    });

  const showsActions = RETRYABLE.includes(state);
  const columns = {
    job: t('jobs.columns.job'),
    attempts: t('jobs.columns.attempts'),
    error: t('jobs.columns.error'),
    times: t('jobs.columns.times'),
    ...(showsActions ? { actions: t('common.actions') } : {}),
  };

  return (
    <AdminSection name="jobs">
      {/* The last counts stay up while another state loads; they come with every page of jobs. */}
      <JobCounts counts={query.data?.counts} />
      <div className="mt-4">
        <FilterTabs
          label={t('jobs.filter')}
          value={state}
          onChange={(next) => setParam('state', next === 'dead' ? '' : next)}
          options={STATES.map((value) => ({ value, label: t(`jobs.states.${value}`) }))}
        />
      </div>
      <PagedTable
        // Rows of the state asked for only: never the previous state's rows under the new tab.
        query={{ ...query, data: query.currentData }}
        emptyMessage={t(`jobs.empty.${state}`)}
        caption={t(`jobs.caption.${state}`)}
        columns={columns}
        onPage={setPage}
      >
        {(job) => (
          <>
            <Cell label={columns.job} isLabelHidden={true} className="md:min-w-56">
              <JobSummary job={job} kindName={kindName(job.kind)} isKnownKind={job.kind in KIND_KEYS} />
            </Cell>
            <Cell label={columns.attempts}>
              <span aria-hidden="true" className="whitespace-nowrap tabular-nums">
                {job.attempts} / {job.max_attempts}
              </span>
              <span className="sr-only">{t('jobs.attemptsOf', { attempts: job.attempts, max: job.max_attempts })}</span>
            </Cell>
            <Cell label={columns.error} className="md:max-w-md">
              <LastError text={job.last_error} />
            </Cell>
            <Cell label={columns.times}>
              <JobTimes job={job} />
            </Cell>
            {showsActions ? (
              <Cell label={t('common.actions')} isLabelHidden={true} className={actionsCell}>
                {RETRYABLE.includes(job.state) ? (
                  <div className={actionButtons}>
                    <ActionButton
                      icon={RotateCcw}
                      tone="primary"
                      label={t('jobs.retry')}
                      name={t('jobs.retryLabel', { id: job.id, kind: kindName(job.kind) })}
                      disabled={isRetrying}
                      onClick={() => void retryJob(job)}
                    />
                  </div>
                ) : null}
              </Cell>
            ) : null}
          </>
        )}
      </PagedTable>
    </AdminSection>
  );
}

/** Waiting, running and failed right now; failed stands out while there are any. */
function JobCounts({ counts }: { counts: AdminJobPage['counts'] | undefined }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="sr-only">
        {t('jobs.counts')}
      </h3>
      <dl className="grid grid-cols-3 gap-2 sm:max-w-md sm:gap-3">
        {COUNTED.map((key) => {
          const value = counts?.[key];
          const isAlarming = key === 'dead' && value !== undefined && value > 0;
          return (
            <div
              key={key}
              className={`flex flex-col-reverse rounded-xl border px-3 py-2 ${
                isAlarming ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'
              }`}
            >
              <dt className={`text-xs font-semibold ${isAlarming ? 'text-red-800' : 'text-slate-600'}`}>
                {t(`jobs.states.${key}`)}
              </dt>
              <dd className={`text-2xl font-bold tabular-nums ${isAlarming ? 'text-red-800' : 'text-slate-900'}`}>
                {value ?? '–'}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The job's kind and number; for a mail, whom it is for and its subject (a finished mail keeps neither). */
function JobSummary({ job, kindName, isKnownKind }: { job: AdminJob; kindName: string; isKnownKind: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span className={`font-medium text-slate-900 ${isKnownKind ? '' : 'font-mono text-xs break-all'}`}>
          {kindName}
        </span>
        <span className="text-xs text-slate-500">#{job.id}</span>
      </span>
      {job.to || job.subject ? (
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-slate-700">
          {job.to ? (
            <Term term={t('jobs.to')}>
              <Email address={job.to} />
            </Term>
          ) : null}
          {job.subject ? (
            <Term term={t('jobs.subject')}>
              <span className="break-words">{job.subject}</span>
            </Term>
          ) : null}
        </dl>
      ) : null}
    </>
  );
}

/** When the job was created, and when it runs next, gave up or finished. */
function JobTimes({ job }: { job: AdminJob }) {
  const { t } = useTranslation('admin');
  const [label, at] =
    job.state === 'queued'
      ? [t('jobs.times.next'), job.run_at]
      : job.state === 'running'
        ? [t('jobs.times.scheduled'), job.run_at]
        : [t(job.state === 'dead' ? 'jobs.times.dead' : 'jobs.times.done'), job.finished_at];
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-2 text-xs">
      <Term term={t('jobs.times.created')}>
        <Time iso={job.created_at} />
      </Term>
      {at ? (
        <Term term={label}>
          <Time iso={at} />
        </Term>
      ) : null}
    </dl>
  );
}

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{term}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </>
  );
}

function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso)}
    </time>
  );
}

/** The last failure's reason (one line, at most 500 characters), folded when long. */
function LastError({ text }: { text: string | null }) {
  const { t } = useTranslation('admin');
  const [isOpen, setIsOpen] = useState(false);
  if (!text) return <span className="text-slate-500">—</span>;
  const isLong = text.length > ERROR_FOLD_AT;
  return (
    <>
      <span className="block font-mono text-xs [overflow-wrap:anywhere] text-red-800">
        {isLong && !isOpen ? `${text.slice(0, ERROR_FOLD_AT).trimEnd()}…` : text}
      </span>
      {isLong ? (
        <button
          type="button"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
          className="mt-1 text-xs font-semibold text-teal-800 hover:underline"
        >
          {isOpen ? t('jobs.showLess') : t('jobs.showAll')}
        </button>
      ) : null}
    </>
  );
}
