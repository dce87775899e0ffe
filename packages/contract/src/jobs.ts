import { z } from 'zod';
import { adminPage } from './admin.ts';
import { successEnvelope } from './envelope.ts';

/** States of a durable background job: waiting, being run, finished, or given up after its last attempt. */
export const JOB_STATES = ['queued', 'running', 'dead', 'done'] as const;
export const JobState = z.enum(JOB_STATES, { error: 'State must be one of: queued, running, dead, done.' });
export type JobState = z.infer<typeof JobState>;

export const JOB_MESSAGES = {
  notFound: 'Job not found.',
  notRetryable: 'Only a dead or waiting job can be retried.',
  retried: 'The job is queued again and runs shortly.',
} as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /api/admin/jobs?state=&page=&per_page= (dead by default: the jobs that need an admin). */
export const AdminJobsQuery = z.object({
  state: z.preprocess(blankToUndefined, JobState.default('dead')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  per_page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(20)),
});
export type AdminJobsQuery = z.infer<typeof AdminJobsQuery>;

/** A job as the console shows it: never its payload (a mail may carry a code), only a mail's recipient and subject. */
export const AdminJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: JobState,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  run_at: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AdminJob = z.infer<typeof AdminJob>;

/** The page of jobs, with how many wait, run and are dead right now. */
export const AdminJobPage = adminPage(AdminJob).extend({
  counts: z.object({ queued: z.number().int(), running: z.number().int(), dead: z.number().int() }),
});
export type AdminJobPage = z.infer<typeof AdminJobPage>;
export const AdminJobPageResponse = successEnvelope(AdminJobPage);
/** POST /api/admin/jobs/{id}/retry answers with the job, queued again. */
export const AdminJobResponse = successEnvelope(AdminJob);
