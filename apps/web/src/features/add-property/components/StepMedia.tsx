import { MAX_PHOTOS } from '@baan/contract';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoNames } from '../lib/draft';
import type { FormErrors, PickedPhoto, PropertyForm } from '../lib/property-form';
import { errorId, FieldError, fieldId } from './fields';

export type PhotoTarget = 'cover' | 'others';

interface StepMediaProps {
  form: PropertyForm;
  errors: FormErrors;
  /** Photos of a restored draft still to be chosen again. */
  missingPhotos: PhotoNames;
  addPhotos: (target: PhotoTarget, files: File[]) => void;
  removePhoto: (target: PhotoTarget, id: string) => void;
}

export function StepMedia({ form, errors, missingPhotos, addPhotos, removePhoto }: StepMediaProps) {
  const { t } = useTranslation('property');
  return (
    <div className="grid gap-8">
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
      <PhotoZone
        field="otherPhotos"
        title={t('media.others')}
        help={t('media.othersHelp', { max: MAX_PHOTOS, count: form.otherPhotos.length })}
        chooseLabel={t('media.chooseOthers')}
        multiple
        disabled={form.otherPhotos.length >= MAX_PHOTOS}
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
