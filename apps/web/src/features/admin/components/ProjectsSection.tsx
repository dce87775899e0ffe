import {
  type AdminProject,
  type AdminProjectFields,
  englishNumber,
  PROJECT_FACILITIES,
  PROJECT_LIMITS,
  PROJECT_SLUG_PATTERN,
  PROJECT_STATUSES,
  type ProjectFacility,
  type ProjectStatus,
} from '@baan/contract';
import { type FormEvent, useId, useState } from 'react';
import { Cell } from '../../../components/ui/DataTable';
import { CircleCheck, ExternalLink, GitMerge, Pencil, Plus, Trash2 } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/TextField';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import {
  useApproveProjectMutation,
  useCreateProjectMutation,
  useDeleteProjectMutation,
  useGetAdminProjectsQuery,
  useMergeProjectMutation,
  useUpdateProjectMutation,
} from '../api/admin-api';
import { useErrorMessage } from '../lib/use-error-message';
import { usePageParams } from '../lib/use-page-params';
import { Modal } from './Modal';
import {
  ActionButton,
  AdminSection,
  actionButtons,
  actionsCell,
  Badge,
  buttons,
  PagedTable,
  SearchForm,
  useColumnNames,
} from './ui';
import { useConfirmAction, useToastAction } from './use-confirm-action';

/**
 * Projects (condo buildings): suggestions waiting for review first, then every approved project with a search; create,
 * edit, approve, delete and merge one into another (its listings and aliases move; its address leads to the other).
 */
export function ProjectsSection() {
  const { t } = useTranslation(['admin', 'projects']);
  const { params, q, page, setParam, setPage } = usePageParams();
  const rawPendingPage = Number(params.get('pending_page'));
  const pendingPage = Number.isSafeInteger(rawPendingPage) && rawPendingPage > 0 ? rawPendingPage : 1;
  const pending = useGetAdminProjectsQuery({ review: 'pending', page: pendingPage });
  const approved = useGetAdminProjectsQuery({ q, review: 'approved', page });
  const [approve, { isLoading: isApproving }] = useApproveProjectMutation();
  const [remove, { isLoading: isDeleting }] = useDeleteProjectMutation();
  const [editing, setEditing] = useState<AdminProject | 'new' | null>(null);
  const [merging, setMerging] = useState<AdminProject | null>(null);
  const run = useToastAction();
  const toDelete = useConfirmAction<AdminProject>({
    describe: (project) => ({
      title: t('projects.deleteTitle', { name: project.name_en }),
      message: t('projects.deleteMessage', { count: project.listings_total }),
      confirmLabel: t('projects.delete'),
    }),
    perform: async (project) => {
      await remove(project.id).unwrap();
      return t('projects.done.delete', { name: project.name_en });
    },
    isBusy: isDeleting,
  });
  const columns = {
    ...useColumnNames('projects.columns', ['name', 'place', 'status', 'listings']),
    actions: t('common.actions'),
  };

  const row = (project: AdminProject) => (
    <>
      <Cell label={columns.name} isLabelHidden={true}>
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">{project.name_en}</span>
          {project.name_th ? <span className="text-slate-700">{project.name_th}</span> : null}
          {project.aliases.length > 0 ? (
            <span className="text-xs text-slate-600">{project.aliases.join(', ')}</span>
          ) : null}
        </span>
      </Cell>
      <Cell label={columns.place}>{[project.district, project.province].filter(Boolean).join(', ') || '—'}</Cell>
      <Cell label={columns.status}>
        <span className="flex flex-wrap gap-1">
          {project.review === 'pending' ? <Badge tone="amber">{t('projects.pending')}</Badge> : null}
          <Badge tone="slate">{t(`projects:project.statuses.${project.status}`)}</Badge>
        </span>
      </Cell>
      <Cell label={columns.listings}>{project.listings_total}</Cell>
      <Cell label={columns.actions} isLabelHidden={true} className={actionsCell}>
        <div className={actionButtons}>
          {project.review === 'pending' ? (
            <ActionButton
              icon={CircleCheck}
              tone="primary"
              label={t('projects.approve')}
              name={t('projects.approveLabel', { name: project.name_en })}
              disabled={isApproving}
              onClick={() =>
                void run(async () => {
                  await approve(project.id).unwrap();
                  return t('projects.done.approve', { name: project.name_en });
                })
              }
            />
          ) : (
            <Link to={`/project/${project.slug}`} className={`${buttons.secondary} inline-flex items-center gap-1.5`}>
              <ExternalLink className="size-4" aria-hidden="true" />
              {t('projects.view')}
              {/* The visible words first (WCAG label in name), then whose page it is. */}
              <span className="sr-only">: {project.name_en}</span>
            </Link>
          )}
          <ActionButton
            icon={Pencil}
            label={t('projects.edit')}
            name={t('projects.editLabel', { name: project.name_en })}
            onClick={() => setEditing(project)}
          />
          <ActionButton
            icon={GitMerge}
            label={t('projects.merge')}
            name={t('projects.mergeLabel', { name: project.name_en })}
            onClick={() => setMerging(project)}
          />
          <ActionButton
            icon={Trash2}
            tone="danger"
            label={t('projects.delete')}
            name={t('projects.deleteLabel', { name: project.name_en })}
            onClick={() => toDelete.ask(project)}
          />
        </div>
      </Cell>
    </>
  );

  return (
    <AdminSection
      name="projects"
      actions={
        <ActionButton icon={Plus} tone="primary" label={t('projects.create')} onClick={() => setEditing('new')} />
      }
    >
      <section aria-labelledby="admin-projects-pending" className="mt-6">
        <h3 id="admin-projects-pending" className="text-lg font-semibold text-slate-900">
          {t('projects.pendingTitle')}
        </h3>
        <PagedTable
          query={pending}
          emptyMessage={t('projects.pendingEmpty')}
          caption={t('projects.pendingTitle')}
          columns={columns}
          onPage={(next) => setParam('pending_page', String(next))}
        >
          {row}
        </PagedTable>
      </section>
      <section aria-labelledby="admin-projects-approved" className="mt-8">
        <h3 id="admin-projects-approved" className="text-lg font-semibold text-slate-900">
          {t('projects.approvedTitle')}
        </h3>
        <div className="mt-3">
          <SearchForm label={t('projects.search')} value={q ?? ''} onSearch={(next) => setParam('q', next)} />
        </div>
        <PagedTable
          query={approved}
          emptyMessage={t('projects.empty')}
          caption={t('projects.approvedTitle')}
          columns={columns}
          onPage={setPage}
        >
          {row}
        </PagedTable>
      </section>
      {editing ? (
        <ProjectForm project={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {merging ? <MergeDialog project={merging} onClose={() => setMerging(null)} /> : null}
      {toDelete.dialog}
    </AdminSection>
  );
}

/** What the form holds: every field as typed. */
export interface ProjectFormValues {
  name_en: string;
  name_th: string;
  aliases: string;
  developer: string;
  status: ProjectStatus;
  year_completed: string;
  towers: string;
  floors: string;
  units: string;
  common_fee_per_sqm: string;
  lat: string;
  lon: string;
  province: string;
  district: string;
  description_en: string;
  description_th: string;
  slug: string;
  facilities: ProjectFacility[];
}

type FieldName = keyof ProjectFormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const WHOLE_FIELDS = {
  year_completed: [1950, 2100],
  towers: [1, 100],
  floors: [1, 200],
  units: [1, 100_000],
  common_fee_per_sqm: [0, 1000],
} as const;

/**
 * The form's own checks, as keys of the admin namespace with their values (the server repeats them in English): the
 * English name and the position are required, numbers are whole and within the contract's bounds, the slug has its
 * shape. Returns the request's fields when nothing is wrong.
 */
export function validateProject(values: ProjectFormValues): {
  errors: Partial<Record<FieldName, { key: string; values?: Record<string, unknown> }>>;
  fields?: AdminProjectFields;
} {
  const errors: Partial<Record<FieldName, { key: string; values?: Record<string, unknown> }>> = {};
  const nameEn = values.name_en.trim();
  if (!nameEn) errors.name_en = { key: 'projects.errors.nameRequired' };
  else if (nameEn.length > PROJECT_LIMITS.name)
    errors.name_en = { key: 'projects.errors.tooLong', values: { max: PROJECT_LIMITS.name } };
  if (values.name_th.trim().length > PROJECT_LIMITS.name)
    errors.name_th = { key: 'projects.errors.tooLong', values: { max: PROJECT_LIMITS.name } };
  if (values.developer.trim().length > PROJECT_LIMITS.developer)
    errors.developer = { key: 'projects.errors.tooLong', values: { max: PROJECT_LIMITS.developer } };
  const aliases = [
    ...new Set(
      values.aliases
        .split(/[\n,]/)
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
  if (aliases.length > PROJECT_LIMITS.aliases)
    errors.aliases = { key: 'projects.errors.tooManyAliases', values: { max: PROJECT_LIMITS.aliases } };
  else if (aliases.some((a) => a.length > PROJECT_LIMITS.alias))
    errors.aliases = { key: 'projects.errors.tooLong', values: { max: PROJECT_LIMITS.alias } };
  const numbers: Partial<Record<keyof typeof WHOLE_FIELDS, number | null>> = {};
  for (const [field, [min, max]] of Object.entries(WHOLE_FIELDS) as [
    keyof typeof WHOLE_FIELDS,
    readonly [number, number],
  ][]) {
    const text = values[field].trim();
    if (!text) {
      numbers[field] = null;
      continue;
    }
    const n = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max)
      errors[field] = { key: 'projects.errors.whole', values: { min, max: englishNumber(max) } };
    else numbers[field] = n;
  }
  const coordinate = (text: string, min: number, max: number) => {
    const trimmed = text.trim();
    if (!trimmed || trimmed.length > 20) return null;
    const n = Number(trimmed);
    return Number.isFinite(n) && n >= min && n <= max ? n : null;
  };
  const lat = coordinate(values.lat, 5, 21);
  const lon = coordinate(values.lon, 97, 106);
  if (lat === null) errors.lat = { key: 'projects.errors.lat' };
  if (lon === null) errors.lon = { key: 'projects.errors.lon' };
  const slug = values.slug.trim();
  if (slug && (slug.length > PROJECT_LIMITS.slug || !PROJECT_SLUG_PATTERN.test(slug)))
    errors.slug = { key: 'projects.errors.slug' };
  for (const field of ['description_en', 'description_th'] as const)
    if (values[field].length > PROJECT_LIMITS.description)
      errors[field] = { key: 'projects.errors.tooLong', values: { max: PROJECT_LIMITS.description } };
  if (Object.keys(errors).length > 0 || lat === null || lon === null) return { errors };
  const description: Record<string, string> = {};
  if (values.description_en.trim()) description.en = values.description_en.trim();
  if (values.description_th.trim()) description.th = values.description_th.trim();
  return {
    errors,
    fields: {
      name_en: nameEn,
      name_th: values.name_th.trim() || null,
      aliases,
      developer: values.developer.trim() || null,
      status: values.status,
      year_completed: numbers.year_completed ?? null,
      towers: numbers.towers ?? null,
      floors: numbers.floors ?? null,
      units: numbers.units ?? null,
      common_fee_per_sqm: numbers.common_fee_per_sqm ?? null,
      facilities: values.facilities,
      lat,
      lon,
      province: values.province.trim() || null,
      district: values.district.trim() || null,
      description,
      ...(slug ? { slug } : {}),
    },
  };
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function initialValues(project?: AdminProject): ProjectFormValues {
  return {
    name_en: project?.name_en ?? '',
    name_th: project?.name_th ?? '',
    aliases: project?.aliases.join('\n') ?? '',
    developer: project?.developer ?? '',
    status: project?.status ?? 'completed',
    year_completed: text(project?.year_completed),
    towers: text(project?.towers),
    floors: text(project?.floors),
    units: text(project?.units),
    common_fee_per_sqm: text(project?.common_fee_per_sqm),
    lat: text(project?.lat),
    lon: text(project?.lon),
    province: project?.province ?? '',
    district: project?.district ?? '',
    description_en: project?.description.en ?? '',
    description_th: project?.description.th ?? '',
    slug: project?.slug ?? '',
    facilities: project?.facilities ?? [],
  };
}

const textArea =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm';

function ProjectForm({ project, onClose }: { project?: AdminProject; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'projects']);
  const errorMessage = useErrorMessage();
  const baseId = useId();
  const [create, { isLoading: isCreating }] = useCreateProjectMutation();
  const [update, { isLoading: isUpdating }] = useUpdateProjectMutation();
  const [values, setValues] = useState<ProjectFormValues>(() => initialValues(project));
  const [errors, setErrors] = useState<FieldErrors>({});
  const isBusy = isCreating || isUpdating;
  const set = (field: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateProject(values);
    setErrors(
      Object.fromEntries(
        Object.entries(result.errors).map(([field, error]) => [field, t(error.key, error.values)]),
      ) as FieldErrors,
    );
    if (!result.fields) return;
    try {
      if (project) await update({ id: project.id, fields: result.fields }).unwrap();
      else await create(result.fields).unwrap();
      toast.success(t(project ? 'projects.done.update' : 'projects.done.create', { name: result.fields.name_en }));
      onClose();
    } catch (failure) {
      const fieldErrors = (failure as { errors?: Record<string, string[]> }).errors ?? {};
      const known = Object.fromEntries(
        Object.entries(fieldErrors).flatMap(([field, messages]) =>
          field in values && messages[0] ? [[field, messages[0]]] : [],
        ),
      ) as FieldErrors;
      if (Object.keys(known).length > 0) setErrors(known);
      else toast.error(errorMessage(failure));
    }
  };

  const field = (
    name: FieldName,
    options: { required?: boolean; hint?: string; inputMode?: 'numeric' | 'decimal' } = {},
  ) => (
    <TextField
      label={t(`projects.fields.${name}`)}
      value={values[name] as string}
      required={options.required}
      hint={options.hint}
      inputMode={options.inputMode}
      maxLength={name === 'district' || name === 'province' ? PROJECT_LIMITS.place : PROJECT_LIMITS.name}
      error={errors[name]}
      onChange={set(name)}
    />
  );

  return (
    <Modal
      title={project ? t('projects.editTitle', { name: project.name_en }) : t('projects.createTitle')}
      onClose={onClose}
      isBusy={isBusy}
      size="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('name_en', { required: true })}
          {field('name_th')}
        </div>
        <div>
          <label htmlFor={`${baseId}-aliases`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('projects.fields.aliases')}
          </label>
          <textarea
            id={`${baseId}-aliases`}
            value={values.aliases}
            rows={3}
            onChange={set('aliases')}
            aria-describedby={`${baseId}-aliases-hint${errors.aliases ? ` ${baseId}-aliases-error` : ''}`}
            aria-invalid={errors.aliases ? true : undefined}
            className={textArea}
          />
          <p id={`${baseId}-aliases-hint`} className="mt-1 text-xs text-slate-600">
            {t('projects.fields.aliasesHint')}
          </p>
          {errors.aliases ? (
            <p id={`${baseId}-aliases-error`} className="mt-1 text-sm text-red-700">
              {errors.aliases}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('developer')}
          <div>
            <label htmlFor={`${baseId}-status`} className="mb-1 block text-sm font-medium text-slate-700">
              {t('projects.fields.status')}
            </label>
            <select id={`${baseId}-status`} value={values.status} onChange={set('status')} className={textArea}>
              {PROJECT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`projects:project.statuses.${status}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {field('year_completed', { inputMode: 'numeric' })}
          {field('towers', { inputMode: 'numeric' })}
          {field('floors', { inputMode: 'numeric' })}
          {field('units', { inputMode: 'numeric' })}
          {field('common_fee_per_sqm', { inputMode: 'numeric', hint: t('projects.fields.commonFeeHint') })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('lat', { required: true, inputMode: 'decimal', hint: t('projects.fields.latHint') })}
          {field('lon', { required: true, inputMode: 'decimal', hint: t('projects.fields.lonHint') })}
          {field('district')}
          {field('province')}
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t('projects:project.facilities')}</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
            {PROJECT_FACILITIES.map((facility) => (
              <label key={facility} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={values.facilities.includes(facility)}
                  onChange={(event) =>
                    setValues((current) => ({
                      ...current,
                      facilities: event.target.checked
                        ? PROJECT_FACILITIES.filter((f) => f === facility || current.facilities.includes(f))
                        : current.facilities.filter((f) => f !== facility),
                    }))
                  }
                  className="size-4 shrink-0 accent-teal-700"
                />
                {t(`projects:project.facility.${facility}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {(['description_en', 'description_th'] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`${baseId}-${name}`} className="mb-1 block text-sm font-medium text-slate-700">
              {t(`projects.fields.${name}`)}
            </label>
            <textarea
              id={`${baseId}-${name}`}
              value={values[name]}
              rows={3}
              maxLength={PROJECT_LIMITS.description}
              onChange={set(name)}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${baseId}-${name}-error` : undefined}
              className={textArea}
            />
            {errors[name] ? (
              <p id={`${baseId}-${name}-error`} className="mt-1 text-sm text-red-700">
                {errors[name]}
              </p>
            ) : null}
          </div>
        ))}
        {field('slug', { hint: t('projects.fields.slugHint') })}
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={buttons.secondary} onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={buttons.primary} disabled={isBusy}>
            {project ? t('projects.save') : t('projects.createSubmit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Merge a project into another: search the approved ones, choose one, confirm what moves and what redirects. */
function MergeDialog({ project, onClose }: { project: AdminProject; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [into, setInto] = useState<AdminProject | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const candidates = useGetAdminProjectsQuery({ q: q || undefined, review: 'approved', page: 1 });
  const [merge, { isLoading }] = useMergeProjectMutation();
  const confirmMerge = useConfirmAction<AdminProject>({
    describe: (target) => ({
      title: t('projects.mergeTitle', { from: project.name_en, into: target.name_en }),
      message: t('projects.mergeMessage', {
        from: project.name_en,
        into: target.name_en,
        count: project.listings_total,
      }),
      confirmLabel: t('projects.mergeConfirm'),
    }),
    perform: async (target) => {
      await merge({ id: project.id, into_id: target.id }).unwrap();
      onClose();
      return t('projects.done.merge', { from: project.name_en, into: target.name_en });
    },
    isBusy: isLoading,
  });
  const options = (candidates.data?.items ?? []).filter((p) => p.id !== project.id);
  return (
    <Modal title={t('projects.mergeDialogTitle', { name: project.name_en })} onClose={onClose} isBusy={isLoading}>
      <p className="text-sm text-slate-700">{t('projects.mergeLead')}</p>
      <div className="mt-3">
        <SearchForm label={t('projects.mergeSearch')} value={q} onSearch={setQ} />
      </div>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-slate-700">{t('projects.mergeInto')}</legend>
        {options.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('projects.mergeNone')}</p>
        ) : (
          <div className="mt-2 max-h-64 space-y-2 overflow-y-auto">
            {options.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-checked:border-teal-600 has-checked:bg-teal-50"
              >
                <input
                  type="radio"
                  name="merge-into"
                  checked={into?.id === option.id}
                  onChange={() => {
                    setInto(option);
                    setChoiceError(null);
                  }}
                  className="size-4 accent-teal-700"
                />
                <span className="font-medium">
                  {option.name_th ? `${option.name_en} · ${option.name_th}` : option.name_en}
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {choiceError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {choiceError}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end gap-3">
        <button type="button" className={buttons.secondary} onClick={onClose} disabled={isLoading}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={buttons.primary}
          disabled={isLoading}
          onClick={() => (into ? confirmMerge.ask(into) : setChoiceError(t('projects.errors.chooseTarget')))}
        >
          {t('projects.merge')}
        </button>
      </div>
      {confirmMerge.dialog}
    </Modal>
  );
}
