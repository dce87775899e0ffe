import { MAX_PHOTOS } from '@baan/contract';
import { type DragEvent, useState } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import type { PhotoNames } from '../lib/draft';
import type { ExistingPhoto, FormErrors, PickedPhoto, PropertyForm, WizardMode } from '../lib/property-form';
import { errorId, FieldError, fieldId } from './fields';

export type PhotoTarget = 'cover' | 'others';
/** What can happen to a photo the listing already has (editing). */
export type PhotoMove = 'remove' | 'cover' | 'earlier' | 'later';

interface StepMediaProps {
  form: PropertyForm;
  errors: FormErrors;
  /** Photos of a restored draft still to be chosen again. */
  missingPhotos: PhotoNames;
  addPhotos: (target: PhotoTarget, files: File[]) => void;
  removePhoto: (target: PhotoTarget, id: string) => void;
  /** Adding a listing (a cover, then other photos) or editing one (its photos, then new ones after them). */
  mode?: WizardMode;
  changeExisting?: (id: number, change: PhotoMove) => void;
}

export function StepMedia({
  form,
  errors,
  missingPhotos,
  addPhotos,
  removePhoto,
  mode = 'create',
  changeExisting,
}: StepMediaProps) {
  const { t } = useTranslation('property');
  const isEdit = mode === 'edit';
  const total = form.existingPhotos.length + form.otherPhotos.length;
  return (
    <div className="grid gap-8">
      {isEdit ? (
        <CurrentPhotos photos={form.existingPhotos} onChange={(id, change) => changeExisting?.(id, change)} />
      ) : (
        <PhotoZone
          field="coverPhoto"
          title={t('media.cover')}
          help={t('media.coverHelp')}
          chooseLabel={t('media.chooseCover')}
          multiple={false}
          error={errors.coverPhoto}
          missing={missingPhotos.cover ? [missingPhotos.cover] : []}
          photos={form.coverPhoto ? [form.coverPhoto] : []}
          onFiles={(files) => addPhotos('cover', files)}
          onRemove={(photo) => removePhoto('cover', photo.id)}
          removeLabel={() => t('media.removeCover')}
        />
      )}
      <PhotoZone
        field="otherPhotos"
        title={isEdit ? t('media.addMore') : t('media.others')}
        help={
          isEdit
            ? t('media.addMoreHelp', { max: MAX_PHOTOS, count: total })
            : t('media.othersHelp', { max: MAX_PHOTOS, count: form.otherPhotos.length })
        }
        chooseLabel={t('media.chooseOthers')}
        multiple
        disabled={isEdit ? total >= MAX_PHOTOS : form.otherPhotos.length >= MAX_PHOTOS}
        error={errors.otherPhotos}
        missing={missingPhotos.others}
        photos={form.otherPhotos}
        onFiles={(files) => addPhotos('others', files)}
        onRemove={(photo) => removePhoto('others', photo.id)}
        removeLabel={(photo, i) => t('media.removePhoto', { number: i + 1, name: photo.file.name })}
      />
    </div>
  );
}

const photoButton =
  'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50';

/**
 * Editing: the listing's photos as they will be, the cover first. Each can be removed, made the cover or moved one
 * place earlier or later; every button names its photo by number.
 */
function CurrentPhotos({
  photos,
  onChange,
}: {
  photos: ExistingPhoto[];
  onChange: (id: number, change: PhotoMove) => void;
}) {
  const { t } = useTranslation('property');
  const titleId = fieldId('current-photos-title');
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('media.current')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{photos.length > 0 ? t('media.currentHelp') : t('media.noneKept')}</p>
      {photos.length > 0 ? (
        <ol className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, i) => {
            const number = i + 1;
            const isCover = i === 0;
            return (
              <li key={photo.id} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
                <div className="relative">
                  <img
                    src={photo.src}
                    srcSet={photo.srcset || undefined}
                    sizes="(min-width: 1024px) 18rem, (min-width: 640px) 50vw, 100vw"
                    alt={t('media.photoAlt', { number })}
                    className="h-40 w-full object-cover"
                  />
                  {isCover ? (
                    <span className="absolute top-2 left-2 rounded-full bg-teal-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow">
                      {t('media.coverBadge')}
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-1.5 p-2">
                  {isCover ? null : (
                    <button
                      type="button"
                      id={fieldId(`photo-${photo.id}-cover`)}
                      onClick={() => onChange(photo.id, 'cover')}
                      className={photoButton}
                    >
                      <Star className="size-4 text-amber-600" aria-hidden="true" />
                      {t('media.makeCover')} <span className="sr-only">{t('media.photoNumber', { number })}</span>
                    </button>
                  )}
                  {i > 0 ? (
                    <button
                      type="button"
                      id={fieldId(`photo-${photo.id}-earlier`)}
                      onClick={() => onChange(photo.id, 'earlier')}
                      aria-label={t('media.moveEarlier', { number })}
                      title={t('media.moveEarlier', { number })}
                      className={`${photoButton} w-9 px-0`}
                    >
                      <ArrowLeft className="size-4" aria-hidden="true" />
                    </button>
                  ) : null}
                  {i < photos.length - 1 ? (
                    <button
                      type="button"
                      id={fieldId(`photo-${photo.id}-later`)}
                      onClick={() => onChange(photo.id, 'later')}
                      aria-label={t('media.moveLater', { number })}
                      title={t('media.moveLater', { number })}
                      className={`${photoButton} w-9 px-0`}
                    >
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </button>
                  ) : null}
                  <button
                    type="button"
                    id={fieldId(`photo-${photo.id}-remove`)}
                    onClick={() => onChange(photo.id, 'remove')}
                    aria-label={t('media.removeExisting', { number })}
                    title={t('media.removeExisting', { number })}
                    className={`${photoButton} ms-auto w-9 px-0 text-red-700 hover:bg-red-50`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}

interface PhotoZoneProps {
  field: 'coverPhoto' | 'otherPhotos';
  title: string;
  help: string;
  chooseLabel: string;
  multiple: boolean;
  disabled?: boolean;
  error?: string;
  missing: string[];
  photos: PickedPhoto[];
  onFiles: (files: File[]) => void;
  onRemove: (photo: PickedPhoto) => void;
  removeLabel: (photo: PickedPhoto, index: number) => string;
}

/** A file picker that also takes dropped files, with previews and a remove button per photo. */
function PhotoZone({
  field,
  title,
  help,
  chooseLabel,
  multiple,
  disabled,
  error,
  missing,
  photos,
  onFiles,
  onRemove,
  removeLabel,
}: PhotoZoneProps) {
  const { t } = useTranslation('property');
  const [isDragging, setIsDragging] = useState(false);
  const helpId = `${fieldId(field)}-help`;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <section aria-labelledby={`${fieldId(field)}-title`}>
      <h3 id={`${fieldId(field)}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <div id={helpId}>
        <p className="mt-1 text-sm text-slate-600">{help}</p>
        {missing.length > 0 ? (
          <p className="mt-1 text-sm font-medium wrap-anywhere text-amber-800">
            {t('media.chooseAgain', { names: missing.join(', ') })}
          </p>
        ) : null}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target only adds dragging; the labelled file input inside stays the keyboard and screen-reader path. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={`mt-3 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors ${
          isDragging
            ? 'border-teal-600 bg-teal-50'
            : error
              ? 'border-red-600 bg-red-50/40'
              : 'border-slate-300 bg-slate-50'
        }`}
      >
        <ImagePlus className="size-8 text-teal-700" aria-hidden="true" />
        <label
          className={`inline-flex cursor-pointer items-center gap-2 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white shadow-sm focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-teal-500 hover:bg-teal-800 ${
            disabled ? 'pointer-events-none opacity-50' : ''
          }`}
        >
          {chooseLabel}
          <input
            id={fieldId(field)}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            multiple={multiple}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={[helpId, error ? errorId(field) : ''].filter(Boolean).join(' ')}
            className="sr-only"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // Cleared so picking the same file again (after removing it) fires a change.
              event.target.value = '';
              if (files.length > 0) onFiles(files);
            }}
          />
        </label>
        <p className="text-sm text-slate-600">{t('media.drop')}</p>
      </div>
      <FieldError field={field} message={error} />
      {photos.length > 0 ? (
        <ul className={`mt-4 grid gap-3 ${multiple ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-1 sm:max-w-sm'}`}>
          {photos.map((photo, i) => (
            <li key={photo.id} className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
              <img
                src={photo.previewUrl}
                alt={photo.file.name}
                className={`w-full object-cover ${multiple ? 'h-28' : 'h-48'}`}
              />
              <button
                type="button"
                onClick={() => onRemove(photo)}
                aria-label={removeLabel(photo, i)}
                className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full bg-white/95 text-red-700 shadow hover:bg-red-50"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
