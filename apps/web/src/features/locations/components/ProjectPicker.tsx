import { PROJECT_LIMITS, PROJECT_MESSAGES, type ProjectRef, type ProjectSummary } from '@baan/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Combobox } from '../../../components/ui/Combobox';
import { Building2, X } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/TextField';
import { usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchProjects, type ProjectFetcher, useSuggestProjectMutation } from '../api/projects-api';

/** What choosing a project fills in a form (its place, position and floors). */
export interface ProjectChoiceFill {
  location: string;
  lat: number;
  lon: number;
  floors: number | null;
}

export interface ProjectPickerProps {
  /** The project chosen so far, or null. */
  project: ProjectRef | null;
  onChange: (project: ProjectRef | null, fill?: ProjectChoiceFill) => void;
  /** The form's place and position so far: a suggested building is placed there. */
  location: string;
  lat?: number;
  lon?: number;
  fetcher?: ProjectFetcher;
  debounceMs?: number;
}

const refOf = (project: Pick<ProjectSummary, 'id' | 'slug' | 'name_en' | 'name_th'>): ProjectRef => ({
  id: project.id,
  slug: project.slug,
  name_en: project.name_en,
  name_th: project.name_th,
});

/** "Noble Ploenchit, Pathum Wan, Bangkok": the building with its district and province, as a listing's location. */
export function projectLocation(project: Pick<ProjectSummary, 'name_en' | 'district' | 'province'>): string {
  return [project.name_en, project.district, project.province].filter(Boolean).join(', ');
}

/**
 * The building a listing belongs to: a combobox (the shared one, like the place search) that finds projects by any
 * name or alias in any script as the person types; choosing one fills the place, position and floors. A chosen one
 * shows with a button to remove it; "Can't find your building?" suggests one, used at once (it waits for review).
 */
export function ProjectPicker({
  project,
  onChange,
  location,
  lat,
  lon,
  fetcher = fetchProjects,
  debounceMs = 250,
}: ProjectPickerProps) {
  const { t } = useTranslation('locations');
  const language = usePageLanguage();
  const [text, setText] = useState('');
  const [isSuggesting, setIsSuggesting] = useState(false);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const name = (p: Pick<ProjectSummary, 'name_en' | 'name_th'>) =>
    language === 'th' && p.name_th ? p.name_th : p.name_en;

  if (project) {
    return (
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-teal-200 bg-teal-50 px-3 py-2 text-sm">
        <Building2 className="size-4 shrink-0 text-teal-700" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          {t('project.chosen')}: <strong>{name(project)}</strong>
        </span>
        <button
          type="button"
          onClick={() => onChange(null)}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-semibold text-teal-800 hover:bg-teal-100"
          aria-label={t('project.removeLabel', { name: name(project) })}
        >
          <X className="size-4" aria-hidden="true" />
          {t('project.remove')}
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <Combobox<ProjectSummary>
        label={t('project.label')}
        value={text}
        onValueChange={setText}
        search={async (query, signal) => fetcherRef.current(query, { signal })}
        searchKey={language}
        minLength={2}
        debounceMs={debounceMs}
        onSelect={(chosen) => {
          setText('');
          onChange(refOf(chosen), {
            location: projectLocation(chosen),
            lat: chosen.lat,
            lon: chosen.lon,
            floors: chosen.floors,
          });
        }}
        optionKey={(p) => String(p.id)}
        renderOption={(p) => (
          <span className="flex items-start gap-2.5">
            <Building2 className="mt-0.5 size-4 shrink-0 text-teal-600" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="block break-words">{name(p)}</span>
              <span className="block text-xs text-slate-500">
                {[language === 'th' ? p.name_en : p.name_th, p.district, p.province].filter(Boolean).join(' · ')}
              </span>
            </span>
          </span>
        )}
        texts={{
          list: t('project.list'),
          loading: t('loading'),
          error: t('error'),
          noResults: t('project.noResults'),
          found: (count) => t('project.found', { count }),
        }}
        icon={Building2}
        hint={t('project.hint')}
        placeholder={t('project.placeholder')}
      />
      {isSuggesting ? (
        <SuggestProject
          location={location}
          lat={lat}
          lon={lon}
          initialName={text}
          onCancel={() => setIsSuggesting(false)}
          onSuggested={(suggested) => {
            setIsSuggesting(false);
            onChange(suggested);
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => setIsSuggesting(true)}
          className="text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
        >
          {t('project.cantFind')}
        </button>
      )}
    </div>
  );
}

/** The API's messages of a suggestion the form translates; anything else shows as a general failure. */
function suggestError(error: unknown, t: (key: string) => string): string {
  const message = (error as { data?: { message?: unknown }; message?: unknown }) ?? {};
  const text = typeof message.message === 'string' ? message.message : '';
  if (text === PROJECT_MESSAGES.badProjectId) return t('project.errors.notAvailable');
  const status = (error as { status?: unknown })?.status;
  if (status === 401) return t('project.errors.signIn');
  if (status === 429) return t('project.errors.tooMany');
  return t('project.errors.failed');
}

function SuggestProject({
  location,
  lat,
  lon,
  initialName,
  onCancel,
  onSuggested,
}: {
  location: string;
  lat?: number;
  lon?: number;
  initialName: string;
  onCancel: () => void;
  onSuggested: (project: ProjectRef) => void;
}) {
  const { t } = useTranslation('locations');
  const headingId = useId();
  const [nameEn, setNameEn] = useState(/^[\x20-\x7e]*$/.test(initialName) ? initialName.trim() : '');
  const [nameTh, setNameTh] = useState(/^[\x20-\x7e]*$/.test(initialName) ? '' : initialName.trim());
  const [errors, setErrors] = useState<{ nameEn?: string; nameTh?: string; form?: string }>({});
  const [suggest, { isLoading }] = useSuggestProjectMutation();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const next: typeof errors = {};
    if (!nameEn.trim()) next.nameEn = t('project.errors.nameRequired');
    else if (nameEn.trim().length > PROJECT_LIMITS.name) next.nameEn = t('project.errors.tooLong');
    if (nameTh.trim().length > PROJECT_LIMITS.name) next.nameTh = t('project.errors.tooLong');
    // The building is placed where the listing is: the place must be chosen first.
    if (lat === undefined || lon === undefined || !location.trim()) next.form = t('project.errors.placeFirst');
    setErrors(next);
    if (Object.keys(next).length > 0 || lat === undefined || lon === undefined) return;
    try {
      const created = await suggest({
        name_en: nameEn.trim(),
        name_th: nameTh.trim() || null,
        location: location.trim().slice(0, PROJECT_LIMITS.location),
        lat,
        lon,
      }).unwrap();
      onSuggested(refOf(created));
    } catch (failure) {
      setErrors({ form: suggestError(failure, t) });
    }
  };

  // Not a <form>: it sits inside the wizard's form, and forms cannot nest.
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('project.suggestTitle')}
      </h3>
      <p className="text-xs text-slate-600">{t('project.suggestLead')}</p>
      <TextField
        label={t('project.nameEn')}
        value={nameEn}
        maxLength={PROJECT_LIMITS.name}
        error={errors.nameEn}
        onChange={(event) => setNameEn(event.target.value)}
      />
      <TextField
        label={t('project.nameTh')}
        value={nameTh}
        maxLength={PROJECT_LIMITS.name}
        error={errors.nameTh}
        onChange={(event) => setNameTh(event.target.value)}
      />
      {errors.form ? (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={isLoading}
          onClick={() => void submit()}
          className="rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-50"
        >
          {t('project.suggestSubmit')}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800"
        >
          {t('project.cancel')}
        </button>
      </div>
    </section>
  );
}
