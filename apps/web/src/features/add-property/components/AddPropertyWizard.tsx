import { MAX_PHOTOS } from '@baan/contract';
import { Check } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { toast } from '../../../lib/toast';
import { submitProperty } from '../api/submit-property';
import {
  emptyForm,
  type FormField,
  fieldErrorsFromServer,
  firstMissingField,
  type HouseInfo,
  isStepOneComplete,
  type PickedPhoto,
  type PropertyForm,
  stepOf,
  toFormData,
} from '../lib/property-form';
import { checkPhoto } from '../lib/sniff-image';
import { fieldId } from './fields';
import { type LocationFieldProps, StepDefine } from './StepDefine';
import { StepInformation } from './StepInformation';
import { type PhotoTarget, StepMedia } from './StepMedia';

const STEP_KEYS = ['define', 'media', 'info'] as const;
const LAST_STEP = STEP_KEYS.length - 1;

interface AddPropertyWizardProps {
  /** The location control (autocomplete); the route supplies it. */
  renderLocation: (props: LocationFieldProps) => ReactNode;
  /** The bearer token; the route reads it from the session. */
  token: string | null;
}

type Errors = Partial<Record<FormField, string>>;

let photoSequence = 0;
function pickPhoto(file: File): PickedPhoto {
  photoSequence += 1;
  return { id: `photo-${photoSequence}`, file, previewUrl: URL.createObjectURL(file) };
}

function revokeAll(form: PropertyForm) {
  for (const photo of [form.coverPhoto, ...form.otherPhotos]) if (photo) URL.revokeObjectURL(photo.previewUrl);
}

/** The 3-step add-property wizard (spec sections 2–5, 8). */
export function AddPropertyWizard({ renderLocation, token }: AddPropertyWizardProps) {
  const { t } = useTranslation('property');
  const navigate = useNavigate();
  const [form, setForm] = useState<PropertyForm>(() => emptyForm(currentLanguage()));
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<string | null>(null);
  const hintId = useId();

  // Previews are object URLs: free the ones still shown when the wizard goes away.
  const formRef = useRef(form);
  formRef.current = form;
  useEffect(() => () => revokeAll(formRef.current), []);

  // Moves focus after a step change: to a field with an error, or to the new step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step or error change, reading the ref.
  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target) document.getElementById(target)?.focus();
  }, [step, errors]);

  const clearErrors = (fields: FormField[]) =>
    setErrors((current) => {
      if (!fields.some((field) => current[field])) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });

  const update = (patch: Partial<PropertyForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    clearErrors(Object.keys(patch) as FormField[]);
  };
  const updateHouseInfo = (patch: Partial<HouseInfo>) => {
    setForm((current) => ({ ...current, houseInfo: { ...current.houseInfo, ...patch } }));
    clearErrors(Object.keys(patch) as FormField[]);
  };

  const addPhotos = async (target: PhotoTarget, files: File[]) => {
    const field: FormField = target === 'cover' ? 'coverPhoto' : 'otherPhotos';
    const accepted: File[] = [];
    const problems: string[] = [];
    const verdicts = await Promise.all(files.map((file) => checkPhoto(file)));
    files.forEach((file, i) => {
      const rejection = verdicts[i];
      if (rejection) problems.push(t(`media.rejected.${rejection}`, { name: file.name }));
      else accepted.push(file);
    });
    if (target === 'cover') {
      const [file] = accepted;
      if (file) {
        setForm((current) => {
          if (current.coverPhoto) URL.revokeObjectURL(current.coverPhoto.previewUrl);
          return { ...current, coverPhoto: pickPhoto(file) };
        });
      }
    } else if (accepted.length > 0) {
      const room = MAX_PHOTOS - formRef.current.otherPhotos.length;
      if (accepted.length > room) problems.push(t('media.rejected.tooMany', { max: MAX_PHOTOS }));
      const taken = accepted.slice(0, Math.max(0, room)).map(pickPhoto);
      setForm((current) => ({ ...current, otherPhotos: [...current.otherPhotos, ...taken] }));
    }
    if (problems.length > 0) {
      setErrors((current) => ({ ...current, [field]: problems.join(' ') }));
      for (const problem of problems) toast.error(problem);
    } else {
      clearErrors([field]);
    }
  };

  const removePhoto = (target: PhotoTarget, id: string) => {
    setForm((current) => {
      if (target === 'cover') {
        if (current.coverPhoto) URL.revokeObjectURL(current.coverPhoto.previewUrl);
        return { ...current, coverPhoto: null };
      }
      const removed = current.otherPhotos.find((photo) => photo.id === id);
      if (removed) URL.revokeObjectURL(removed.previewUrl);
      return { ...current, otherPhotos: current.otherPhotos.filter((photo) => photo.id !== id) };
    });
    // The button that had focus is gone; keep the keyboard user in the same place.
    focusAfterRender.current = fieldId(target === 'cover' ? 'coverPhoto' : 'otherPhotos');
    setErrors((current) => ({ ...current }));
  };

  const goTo = (next: number) => {
    focusAfterRender.current = 'heading';
    setStep(next);
  };

  // One validation toast at a time, updated in place: with at most three on screen, stale 'x is required' ones
  // would otherwise queue the new message behind them.
  const validationToast = useRef<string | number | null>(null);
  const showError = (field: FormField, message: string) => {
    focusAfterRender.current = fieldId(field);
    setErrors({ [field]: message });
    setStep(stepOf(field));
    const shown = validationToast.current;
    if (shown !== null && toast.isActive(shown)) toast.update(shown, { render: message });
    else validationToast.current = toast.error(message);
  };

  const reset = () => {
    revokeAll(formRef.current);
    setForm(emptyForm(currentLanguage()));
    setErrors({});
    setStep(0);
  };

  const submit = async () => {
    const missing = firstMissingField(form);
    if (missing) {
      showError(missing, t('validation.required', { field: t(`fields.${missing}`) }));
      return;
    }
    setIsSubmitting(true);
    setProgress(0);
    const result = await submitProperty(toFormData(form), {
      token,
      language: currentLanguage(),
      onProgress: setProgress,
    });
    setIsSubmitting(false);
    setProgress(null);
    if (result.ok) {
      toast.success(t('submit.success'));
      reset();
      navigate('/');
      return;
    }
    if (result.status === 403) {
      toast.error(result.message ?? t('submit.needPackage'));
      navigate('/select-package');
      return;
    }
    if (result.status === 401) {
      toast.error(result.message ?? t('submit.signIn'));
      navigate('/login');
      return;
    }
    const fieldErrors = fieldErrorsFromServer(result.errors);
    const [first] = Object.entries(fieldErrors) as [FormField, string][];
    if (first) {
      focusAfterRender.current = fieldId(first[0]);
      setErrors(fieldErrors);
      setStep(stepOf(first[0]));
    }
    if (result.status === 0) toast.error(t('submit.failed'));
    else toast.error(result.message ?? first?.[1] ?? t('submit.error'));
  };

  const canGoOn = step !== 0 || isStepOneComplete(form);
  const stepTitle = t(`wizard.steps.${STEP_KEYS[step] ?? 'define'}`);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('wizard.title')}</h1>
      <p className="mt-2 text-slate-600">{t('wizard.intro')}</p>

      <nav aria-label={t('wizard.progress')} className="mt-8">
        <ol className="grid grid-cols-3 gap-2">
          {STEP_KEYS.map((key, i) => {
            const isDone = i < step;
            const isCurrent = i === step;
            return (
              <li
                key={key}
                aria-current={isCurrent ? 'step' : undefined}
                className="flex flex-col items-center gap-2 text-center sm:flex-row sm:text-left"
              >
                <span
                  className={`grid size-9 shrink-0 place-items-center rounded-full border-2 text-sm font-bold ${
                    isCurrent
                      ? 'border-teal-700 bg-teal-700 text-white'
                      : isDone
                        ? 'border-teal-700 bg-teal-50 text-teal-800'
                        : 'border-slate-300 bg-white text-slate-600'
                  }`}
                >
                  {isDone ? <Check className="size-4" aria-hidden="true" /> : i + 1}
                </span>
                <span className={`text-xs font-semibold sm:text-sm ${isCurrent ? 'text-teal-900' : 'text-slate-600'}`}>
                  <span className="sr-only">{t('wizard.stepOf', { current: i + 1, total: STEP_KEYS.length })}: </span>
                  {t(`wizard.steps.${key}`)}
                  {isDone ? <span className="sr-only"> ({t('wizard.done')})</span> : null}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>

      <form
        noValidate
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        onSubmit={(event) => {
          event.preventDefault();
          if (isSubmitting) return;
          if (step < LAST_STEP) {
            if (canGoOn) goTo(step + 1);
          } else {
            void submit();
          }
        }}
      >
        <h2 ref={headingRef} tabIndex={-1} className="mb-6 text-xl font-semibold text-slate-900 focus:outline-none">
          {stepTitle}
        </h2>

        {step === 0 ? <StepDefine form={form} errors={errors} update={update} renderLocation={renderLocation} /> : null}
        {step === 1 ? (
          <StepMedia
            form={form}
            errors={errors}
            addPhotos={(target, files) => void addPhotos(target, files)}
            removePhoto={removePhoto}
          />
        ) : null}
        {step === 2 ? (
          <StepInformation form={form} errors={errors} update={update} updateHouseInfo={updateHouseInfo} />
        ) : null}

        {progress !== null ? (
          <div className="mt-8">
            <div className="mb-1 flex justify-between text-sm text-slate-700">
              {/* At 100% the photos are sent; the server still converts them before it answers. */}
              <span id={`${hintId}-progress`}>{progress < 100 ? t('wizard.uploading') : t('wizard.processing')}</span>
              <span>{progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={`${hintId}-progress`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-teal-600 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          </div>
        ) : null}

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
          <button
            type="button"
            disabled={step === 0 || isSubmitting}
            onClick={() => goTo(step - 1)}
            className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('wizard.back')}
          </button>
          {step === 0 && !canGoOn ? (
            <p
              id={hintId}
              className="order-last w-full text-sm text-slate-600 sm:order-none sm:w-auto sm:flex-1 sm:text-right"
            >
              {t('wizard.stepOneHint')}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={!canGoOn || isSubmitting}
            aria-describedby={step === 0 && !canGoOn ? hintId : undefined}
            className="rounded-lg bg-teal-700 px-6 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {step < LAST_STEP ? t('wizard.next') : isSubmitting ? t('wizard.submitting') : t('wizard.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
