import { formatLocale, MAX_PHOTO_BYTES, toFieldErrors, UpdateNameRequest, type User } from '@baan/contract';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { UserRound } from '../../../components/ui/icons';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { TextField } from '../../../components/ui/TextField';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { numberFormat } from '../../../lib/intl-cache';
import { toast } from '../../../lib/toast';
import { tokenReplaced, userUpdated } from '../../../session/login-slice';
import { useAppDispatch, useAppSelector } from '../../../session/store';
import { useChangePasswordMutation, useUpdateProfileMutation, useUploadProfileImageMutation } from '../api/auth-api';
import { useServerMessage } from '../hooks/use-server-message';
import { replaceStoredToken } from '../session';
import { PasswordRulesList } from './PasswordRulesList';
import { PhoneVerification } from './PhoneVerification';

/** JPEG, PNG or GIF by the file's first bytes, whatever its name says (the server checks again). */
export async function isAllowedImage(file: Blob): Promise<boolean> {
  const b = await readHead(file, 8);
  const jpeg = b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
  const png = b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
  const gif = b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38;
  return jpeg || png || gif;
}

/** The first bytes of a file, through FileReader, which every browser (and jsdom) has. */
function readHead(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

const MB = 1024 * 1024;
/** The server's 50-megapixel cap for photos. */
const MAX_MEGAPIXELS = 50;

/** The translation key for an upload the server refused, by its status (the server's wording is English). */
const UPLOAD_ERRORS: Record<number, string> = {
  413: 'settings.errors.imageTooLarge',
  415: 'settings.errors.imageType',
  422: 'settings.errors.imageTooManyPixels',
  507: 'settings.errors.storageFull',
};

/** /dashboard/settings (spec 2, 5, 8): name, read-only e-mail, profile image, phone verification, password change. */
export function SettingsScreen() {
  const user = useAppSelector((s) => s.login.user);
  if (!user) return null;
  return (
    <div className="max-w-3xl space-y-8">
      <ProfileSection key={user.id} user={user} />
      <PhoneVerification key={`phone-${user.id}`} user={user} />
      <PasswordSection />
    </div>
  );
}

type ProfileFields = { name: string; phone_number: string; line_id: string };

function ProfileSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const fileId = useId();
  const image = user.profile_image;
  const [fields, setFields] = useState<ProfileFields>({
    name: user.name,
    phone_number: user.phone_number ?? '',
    line_id: user.line_id ?? '',
  });
  const [errors, setErrors] = useState<Partial<ProfileFields>>({});
  const [updateProfile, { isLoading: isSaving }] = useUpdateProfileMutation();
  const [uploadImage, { isLoading: isUploading }] = useUploadProfileImageMutation();
  const { errorMessage, fieldErrors, translateFields } = useServerMessage();
  const set = (field: keyof ProfileFields) => (event: ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  async function onSave(event: FormEvent) {
    event.preventDefault();
    // The server's own schema: the same rules and messages, shown in the person's language.
    const parsed = UpdateNameRequest.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<ProfileFields> = translateFields(toFieldErrors(parsed.error.issues));
      // A blank name keeps the settings page's own wording.
      if (!fields.name.trim()) found.name = t('settings.errors.nameRequired');
      setErrors(found);
      toast.error(Object.values(found)[0] ?? t('settings.errors.updateFailed'));
      return;
    }
    setErrors({});
    try {
      const updated = await updateProfile(parsed.data).unwrap();
      dispatch(userUpdated(updated));
      setFields({ name: updated.name, phone_number: updated.phone_number ?? '', line_id: updated.line_id ?? '' });
      toast.success(t('settings.success.profileUpdated'));
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'dashboard:settings.errors.updateFailed'));
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const megabytes = (bytes: number) =>
      numberFormat(formatLocale(appLanguage(i18n.language)), { maximumFractionDigits: 1 }).format(bytes / MB);
    const limits = { max: megabytes(MAX_PHOTO_BYTES), megapixels: MAX_MEGAPIXELS };
    if (file.size > MAX_PHOTO_BYTES) {
      toast.error(t('settings.errors.imageTooLarge', { ...limits, size: megabytes(file.size) }));
      return;
    }
    if (!(await isAllowedImage(file))) {
      toast.error(t('settings.errors.imageType'));
      return;
    }
    const form = new FormData();
    form.append('profile_image', file);
    try {
      dispatch(userUpdated(await uploadImage(form).unwrap()));
      toast.success(t('settings.success.imageUpdated'));
    } catch (error) {
      const key = isApiError(error) && typeof error.status === 'number' ? UPLOAD_ERRORS[error.status] : undefined;
      toast.error(
        key
          ? t(key, { ...limits, size: megabytes(file.size) })
          : errorMessage(error, 'dashboard:settings.errors.updateFailed'),
      );
    }
  }

  return (
    <section aria-labelledby={`${fileId}-title`} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h1 id={`${fileId}-title`} className="text-2xl font-bold text-slate-900">
        {t('settings.title')}
      </h1>
      <h2 className="mt-6 text-lg font-semibold text-slate-900">{t('settings.profile')}</h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {image ? (
          <img src={image} alt={t('settings.profileImage')} className="size-20 rounded-full object-cover" />
        ) : (
          <span
            role="img"
            aria-label={t('settings.noImage')}
            className="grid size-20 place-items-center rounded-full bg-teal-100 text-teal-800"
          >
            <UserRound className="size-9" aria-hidden="true" />
          </span>
        )}
        <div>
          {/* The input first, hidden: its keyboard focus shows on the label after it. */}
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            className="peer sr-only"
            disabled={isUploading}
            onChange={onFile}
          />
          <label
            htmlFor={fileId}
            className="inline-block cursor-pointer rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 hover:bg-slate-50"
          >
            {isUploading ? t('settings.uploading') : t('settings.chooseImage')}
          </label>
          <p className="mt-1 text-xs text-slate-600">{t('settings.imageHint')}</p>
        </div>
      </div>
      <form onSubmit={onSave} noValidate className="mt-6 space-y-4">
        <TextField
          label={t('settings.fullName')}
          autoComplete="name"
          value={fields.name}
          error={errors.name}
          onChange={set('name')}
        />
        <TextField
          label={t('settings.email')}
          type="email"
          value={user.email}
          readOnly
          hint={t('settings.emailHint')}
        />
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">{t('settings.listingContact')}</legend>
          <TextField
            label={t('settings.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={40}
            value={fields.phone_number}
            error={errors.phone_number}
            hint={t('settings.phoneHint')}
            onChange={set('phone_number')}
          />
          <TextField
            label={t('settings.lineId')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={21}
            value={fields.line_id}
            error={errors.line_id}
            hint={t('settings.lineIdHint')}
            onChange={set('line_id')}
          />
        </fieldset>
        <button
          type="submit"
          disabled={isSaving}
          className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 disabled:bg-slate-400"
        >
          {isSaving ? t('settings.saving') : t('settings.save')}
        </button>
      </form>
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation(['dashboard', 'auth']);
  const dispatch = useAppDispatch();
  const headingId = useId();
  const [fields, setFields] = useState({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { errorMessage, fieldErrors } = useServerMessage();
  const set = (field: keyof typeof fields) => (e: ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [field]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (!fields.current || !fields.next || !fields.confirm) {
      toast.error(t('settings.errors.allFieldsRequired'));
      return;
    }
    if (fields.next !== fields.confirm) {
      setErrors({ new_password_confirmation: t('settings.errors.passwordsDontMatch') });
      toast.error(t('settings.errors.passwordsDontMatch'));
      return;
    }
    try {
      const { token, ...user } = await changePassword({
        current_password: fields.current,
        new_password: fields.next,
        new_password_confirmation: fields.confirm,
      }).unwrap();
      // The server ended the other sessions; this one continues with the fresh token.
      replaceStoredToken(token);
      dispatch(tokenReplaced(token));
      dispatch(userUpdated(user));
      setFields({ current: '', next: '', confirm: '' });
      toast.success(t('settings.success.passwordChanged'));
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error, 'dashboard:settings.errors.passwordChangeFailed'));
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('settings.changePassword')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <PasswordInput
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          value={fields.current}
          error={errors.current_password}
          onChange={set('current')}
        />
        <PasswordInput
          label={t('settings.newPassword')}
          autoComplete="new-password"
          value={fields.next}
          error={errors.new_password}
          onChange={set('next')}
        />
        {/* The rules the API applies to every new password (the contract's PASSWORD_RULES). */}
        <PasswordRulesList password={fields.next} />
        <PasswordInput
          label={t('settings.confirmPassword')}
          autoComplete="new-password"
          value={fields.confirm}
          error={errors.new_password_confirmation}
          onChange={set('confirm')}
        />
        <button
          type="submit"
          disabled={isLoading}
          className="rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 disabled:bg-slate-400"
        >
          {isLoading ? t('settings.updating') : t('settings.updatePassword')}
        </button>
      </form>
    </section>
  );
}
