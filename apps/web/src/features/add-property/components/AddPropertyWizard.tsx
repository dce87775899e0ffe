import { MAX_PHOTOS, OWNER_MESSAGES, type OwnTextEdit, type Property, type ReviewState } from '@baan/contract';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Check } from '../../../components/ui/icons';
import { currentLanguage } from '../../../i18n';
import { useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { useAppDispatch } from '../../../session/store';
import { listingsChanged, useGetFeaturedQuotaQuery } from '../api/listing-api';
import { type SubmitResult, submitProperty } from '../api/submit-property';
import {
  clearDraft,
  type DraftOwner,
  hasEntries,
  isChanged,
  loadDraft,
  type PhotoNames,
  saveDraft,
} from '../lib/draft';
import { issueMessage } from '../lib/messages';
import {
  bahtPreview,
  checkForm,
  type ErrorKey,
  type ExistingPhoto,
  emptyForm,
  type FormErrors,
  type FormField,
  type FormIssue,
  fieldErrorsFromServer,
  formatBaht,
  formFromListing,
  type HouseInfo,
  type HouseInfoKey,
  isStepOneComplete,
  type PickedPhoto,
  type PropertyForm,
  roomField,
  stepOf,
  toFormData,
  toPatchData,
} from '../lib/property-form';
import { checkPhoto } from '../lib/sniff-image';
import { DraftNotice } from './DraftNotice';
import { fieldId } from './fields';
import { type LocationFieldProps, StepDefine } from './StepDefine';
import { StepInformation } from './StepInformation';
import { type PhotoMove, type PhotoTarget, StepMedia } from './StepMedia';
import { TextEditNotice } from './TextEditNotice';

const STEP_KEYS = ['define', 'media', 'info'] as const;
const LAST_STEP = STEP_KEYS.length - 1;

export interface AddPropertyWizardProps {
  /** The location control (autocomplete); the route supplies it. */
  renderLocation: (props: LocationFieldProps) => ReactNode;
  /** The bearer token; the route reads it from the session. */
  token: string | null;
  /** Whose draft this is: each user's unsent work is kept apart on a shared device. */
  userId: number;
  /** The server said the package has ended (403, adding only): the route sends the person to the package choice. */
  onNeedPackage?: () => void;
  /**
   * Editing: the listing as it is now (GET /api/user/properties). The same three steps, filled in; only what changed
   * is sent (PATCH /api/property/{id}). Without it the wizard adds a new listing. Its review and its text edit waiting
   * or refused (ADR 017, M5) are shown above the form and decide what the saved toast says.
   */
  listing?: Property & { review?: ReviewState; text_edit?: OwnTextEdit | null };
}

/** Where the owner's listings are: an edit returns there. */
const DASHBOARD_LIST = '/dashboard/properties';

/** The featured-quota refusal (403, ADR 017) and the number it names, or null for any other answer. */
function quotaRefused(result: SubmitResult): number | null {
  const n = Number(/\d+/.exec(result.message ?? '')?.[0]);
  if (Number.isInteger(n) && result.message === OWNER_MESSAGES.featuredQuota(n)) return n;
  return null;
}

/**
 * What a saved edit's toast says (ADR 017, M5): a live listing the edit sent back to review, a new title or
 * description that waits for review while the approved text stays public, or plainly updated.
 */
function savedMessage(
  listing: NonNullable<AddPropertyWizardProps['listing']>,
  result: Extract<SubmitResult, { ok: true }>,
  sentText: boolean,
) {
  if (listing.review === 'approved' && result.review === 'pending') return 'edit.savedHeld' as const;
  if (sentText && result.textEdit === 'pending') return 'edit.savedTextPending' as const;
  return 'edit.saved' as const;
}

const NO_PHOTOS: PhotoNames = { cover: null, others: [] };

let photoSequence = 0;
function pickPhoto(file: File): PickedPhoto {
  photoSequence += 1;
  return { id: `photo-${photoSequence}`, file, previewUrl: URL.createObjectURL(file) };
}

function revokeAll(form: PropertyForm) {
  for (const photo of [form.coverPhoto, ...form.otherPhotos]) if (photo) URL.revokeObjectURL(photo.previewUrl);
}

/** The 3-step add-property wizard (spec sections 2–5, 8), which also edits a listing (issue 14). */
export function AddPropertyWizard({ renderLocation, token, userId, onNeedPackage, listing }: AddPropertyWizardProps) {
  const { t } = useTranslation('property');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const mode = listing ? 'edit' : 'create';
  // The listing as it was when the edit began: what the edit is compared with, and what a discarded draft goes back to.
  const [original] = useState(() => (listing ? formFromListing(listing) : null));
  const [draftOwner] = useState<DraftOwner>(() => (listing ? { userId, listingId: listing.id } : userId));
  // Read once: the draft left by an earlier visit, a reload, or a trip to buy a package.
  const [draft] = useState(() => loadDraft(draftOwner, original?.existingPhotos));
  const [form, setForm] = useState<PropertyForm>(() => draft?.form ?? original ?? emptyForm(currentLanguage()));
  const [step, setStep] = useState(draft?.step ?? 0);
  // Photos of the draft that are not chosen again yet (files cannot be kept in localStorage).
  const [missingPhotos, setMissingPhotos] = useState<PhotoNames>(draft?.photos ?? NO_PHOTOS);
  const [isNoticeShown, setIsNoticeShown] = useState(Boolean(draft));
  const [errors, setErrors] = useState<FormErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<string | null>(null);
  const hintId = useId();
  const quota = useGetFeaturedQuotaQuery(undefined, { refetchOnMountOrArgChange: true });

  // Previews are object URLs: free the ones still shown when the wizard goes away.
  const formRef = useRef(form);
  formRef.current = form;
  useEffect(() => () => revokeAll(formRef.current), []);

  // Every change is kept until a submit succeeds; a form with nothing entered leaves no draft behind.
  useEffect(() => {
    const photos: PhotoNames = {
      cover: form.coverPhoto?.file.name ?? missingPhotos.cover,
      others: [...form.otherPhotos.map((photo) => photo.file.name), ...missingPhotos.others],
    };
    const isWorthKeeping = original ? isChanged(form, original) : hasEntries(form) || Boolean(photos.cover);
    if (isWorthKeeping || photos.others.length > 0) saveDraft(draftOwner, { form, step, photos });
    else clearDraft(draftOwner);
  }, [form, step, missingPhotos, draftOwner, original]);

  // Moves focus after a step change: to a field with an error, or to the new step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step or error change, reading the ref.
  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target) document.getElementById(target)?.focus();
  }, [step, errors]);

  const clearErrors = (fields: ErrorKey[]) =>
    setErrors((current) => {
      if (!fields.some((field) => current[field])) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });

  const update = (patch: Partial<PropertyForm>) => {
    const touched: ErrorKey[] = Object.keys(patch) as FormField[];
    // A room block that changed loses its messages: either half may be what fixes it.
    for (const room of patch.rooms ?? []) {
      const before = formRef.current.rooms.find((block) => block.id === room.id);
      if (before?.type !== room.type || before?.count !== room.count) {
        touched.push(roomField(room.id, 'type'), roomField(room.id, 'count'));
      }
    }
    setForm((current) => ({ ...current, ...patch }));
    clearErrors(touched);
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
    // A photo of the draft chosen again is no longer missing; any new cover replaces the missing one.
    setMissingPhotos((current) => ({
      cover: target === 'cover' && accepted.length > 0 ? null : current.cover,
      others:
        target === 'others'
          ? current.others.filter((name) => !accepted.some((file) => file.name === name))
          : current.others,
    }));
    if (target === 'cover') {
      const [file] = accepted;
      if (file) {
        setForm((current) => {
          if (current.coverPhoto) URL.revokeObjectURL(current.coverPhoto.previewUrl);
          return { ...current, coverPhoto: pickPhoto(file) };
        });
      }
    } else if (accepted.length > 0) {
      const { otherPhotos, existingPhotos } = formRef.current;
      // A new listing: the cover and MAX_PHOTOS others. An edit: MAX_PHOTOS in all, the ones it keeps included
      // (PATCH /api/property/{id} refuses more).
      const room = MAX_PHOTOS - otherPhotos.length - (original ? existingPhotos.length : 0);
      if (accepted.length > room) {
        problems.push(
          original
            ? t('media.rejected.tooManyInAll', { max: MAX_PHOTOS })
            : t('media.rejected.tooMany', { max: MAX_PHOTOS }),
        );
      }
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

  /** Editing: a photo the listing has is removed, made the cover, or moved one place earlier or later. */
  const changeExisting = (id: number, change: PhotoMove) => {
    const photos = formRef.current.existingPhotos;
    const at = photos.findIndex((photo) => photo.id === id);
    if (at < 0) return;
    const next: ExistingPhoto[] = [...photos];
    const [photo] = next.splice(at, 1);
    if (!photo) return;
    let focus: string;
    if (change === 'remove') {
      // The next photo's Remove button, else the previous one's, else the photo picker.
      const neighbour = next[at] ?? next[at - 1];
      focus = neighbour ? fieldId(`photo-${neighbour.id}-remove`) : fieldId('otherPhotos');
    } else {
      const to = change === 'cover' ? 0 : change === 'earlier' ? Math.max(0, at - 1) : Math.min(next.length, at + 1);
      next.splice(to, 0, photo);
      // The same button if the photo can move that way again, else the one that takes it back.
      const isFirst = to === 0;
      const isLast = to === next.length - 1;
      const canAgain = change === 'earlier' ? !isFirst : change === 'later' ? !isLast : false;
      focus = fieldId(`photo-${id}-${canAgain ? change : isFirst ? 'later' : 'earlier'}`);
    }
    setForm((current) => ({ ...current, existingPhotos: next }));
    focusAfterRender.current = focus;
    // Re-renders with the errors the photos had cleared, which also moves the focus (the effect above).
    setErrors((current) => {
      const { otherPhotos: _cleared, ...rest } = current;
      return rest;
    });
  };

  const goTo = (next: number) => {
    focusAfterRender.current = 'heading';
    setStep(next);
  };

  // One validation toast at a time, updated in place: with at most three on screen, stale ones would otherwise queue
  // the new message behind them.
  const validationToast = useRef<string | number | null>(null);
  /**
   * Marks every field the check refused at once, each with its own message, goes to the step of the first (in the
   * check's order) and focuses it; the toast says the one problem, or how many fields to correct.
   */
  const showErrors = (issues: readonly FormIssue[]) => {
    const [first] = issues;
    if (!first) return;
    const found: FormErrors = {};
    for (const issue of issues) found[issue.key] ??= issueMessage(t, issue);
    const count = Object.keys(found).length;
    const message = count === 1 ? (found[first.key] ?? '') : t('validation.summary', { count });
    focusAfterRender.current = fieldId(first.key);
    setErrors(found);
    setStep(stepOf(first.key));
    const shown = validationToast.current;
    if (shown !== null && toast.isActive(shown)) toast.update(shown, { render: message });
    else validationToast.current = toast.error(message);
  };

  /** Leaving a baht field: what it will store replaces what was typed ("1234567.89" → "1,234,568"), or why not. */
  const settleBaht = (field: 'price' | HouseInfoKey) => {
    const text = field === 'price' ? form.price : form.houseInfo[field];
    if (!text.trim()) return;
    const preview = bahtPreview(text);
    if (preview) {
      const formatted = formatBaht(preview.baht);
      if (field === 'price') update({ price: formatted });
      else updateHouseInfo({ [field]: formatted });
      return;
    }
    const check = checkForm(form, mode);
    const found = check.ok ? undefined : check.issues.find((issue) => issue.key === field);
    if (found) setErrors((current) => ({ ...current, [field]: issueMessage(t, found) }));
  };

  const reset = () => {
    revokeAll(formRef.current);
    setForm(original ?? emptyForm(currentLanguage()));
    setMissingPhotos(NO_PHOTOS);
    setErrors({});
    setStep(0);
  };

  const discardDraft = () => {
    clearDraft(draftOwner);
    reset();
    setIsNoticeShown(false);
    focusAfterRender.current = 'heading';
  };

  /** Puts a server's refusal on the fields it names (400), or on the featured choice (403 over the quota). */
  const showServerErrors = (fieldErrors: FormErrors) => {
    const [first] = Object.entries(fieldErrors) as [ErrorKey, string][];
    if (first) {
      focusAfterRender.current = fieldId(first[0]);
      setErrors(fieldErrors);
      setStep(stepOf(first[0]));
    }
    return first?.[1];
  };

  const submit = async () => {
    const check = checkForm(form, mode);
    if (!check.ok) {
      showErrors(check.issues);
      return;
    }
    let body: FormData;
    let sentText = false;
    if (listing && original) {
      const patch = toPatchData(check.fields, form, original);
      if (patch.changed.length === 0) {
        clearDraft(draftOwner);
        toast.success(t('edit.noChanges'));
        navigate(DASHBOARD_LIST);
        return;
      }
      body = patch.data;
      sentText = patch.changed.includes('title') || patch.changed.includes('description');
    } else {
      body = toFormData(check.fields, form);
    }
    setIsSubmitting(true);
    setProgress(0);
    const result = await submitProperty(body, {
      token,
      language: currentLanguage(),
      onProgress: setProgress,
      ...(listing ? { method: 'PATCH', url: `/api/property/${listing.id}` } : {}),
    });
    setIsSubmitting(false);
    setProgress(null);
    // Whatever fails below, the form and its draft stay as they are.
    if (result.ok) {
      clearDraft(draftOwner);
      dispatch(listingsChanged());
      if (listing) {
        toast.success(t(savedMessage(listing, result, sentText)));
        navigate(DASHBOARD_LIST);
        return;
      }
      reset();
      if (result.review === 'pending') {
        // Held for an admin's review (ADR 017): the owner's list shows it as waiting.
        toast.success(t('submit.pendingReview'));
        navigate(DASHBOARD_LIST);
        return;
      }
      toast.success(t('submit.success'));
      navigate('/');
      return;
    }
    const allowed = result.status === 403 ? quotaRefused(result) : null;
    if (allowed !== null) {
      // Featured beyond the package's quota (someone featured another listing meanwhile): say so on the choice.
      const message = t('featured.refused', { quota: allowed });
      showServerErrors({ featured: message });
      toast.error(message);
      void quota.refetch();
      return;
    }
    if (result.status === 403) {
      if (listing) {
        toast.error(
          result.message === OWNER_MESSAGES.notYours ? t('edit.notYours') : (result.message ?? t('submit.error')),
        );
        return;
      }
      toast.error(result.message ?? t('submit.needPackage'));
      onNeedPackage?.();
      return;
    }
    if (result.status === 401) {
      toast.error(result.message ?? t(listing ? 'edit.signIn' : 'submit.signIn'));
      navigate('/login');
      return;
    }
    if (listing && result.status === 404) {
      toast.error(t('edit.notFound'));
      navigate(DASHBOARD_LIST);
      return;
    }
    const first = showServerErrors(fieldErrorsFromServer(result.errors, form));
    if (result.status === 0) toast.error(t('submit.failed'));
    else toast.error(result.message ?? first ?? t('submit.error'));
  };

  const canGoOn = step !== 0 || isStepOneComplete(form);
  const stepTitle = t(`wizard.steps.${STEP_KEYS[step] ?? 'define'}`);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {listing ? t('edit.title') : t('wizard.title')}
      </h1>
      {listing ? <p className="mt-2 font-medium wrap-anywhere text-slate-800">{listing.title}</p> : null}
      <p className="mt-2 text-slate-600">{listing ? t('edit.intro') : t('wizard.intro')}</p>
      <p className="mt-1 text-sm text-slate-600">{t('wizard.draftNote')}</p>
      {listing?.text_edit ? <TextEditNotice edit={listing.text_edit} /> : null}
      {isNoticeShown ? (
        <DraftNotice
          missingPhotos={[...(missingPhotos.cover ? [missingPhotos.cover] : []), ...missingPhotos.others]}
          onDiscard={discardDraft}
          onClose={() => {
            setIsNoticeShown(false);
            setMissingPhotos(NO_PHOTOS);
          }}
        />
      ) : null}

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

        {step === 0 ? (
          <StepDefine
            form={form}
            errors={errors}
            update={update}
            renderLocation={renderLocation}
            originalSubType={original?.subType || undefined}
          />
        ) : null}
        {step === 1 ? (
          <StepMedia
            form={form}
            errors={errors}
            missingPhotos={missingPhotos}
            addPhotos={(target, files) => void addPhotos(target, files)}
            removePhoto={removePhoto}
            mode={mode}
            changeExisting={changeExisting}
          />
        ) : null}
        {step === 2 ? (
          <StepInformation
            form={form}
            errors={errors}
            update={update}
            updateHouseInfo={updateHouseInfo}
            onBahtBlur={settleBaht}
            featuredQuota={quota.data}
            wasFeatured={original?.featured === '1'}
          />
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
            {step < LAST_STEP
              ? t('wizard.next')
              : isSubmitting
                ? t(listing ? 'edit.saving' : 'wizard.submitting')
                : t(listing ? 'edit.save' : 'wizard.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
