import {
  AGENCY_LIMITS,
  AGENCY_ROLES,
  type AgencyMember,
  type AgencyRole,
  CONTACT_EMAIL_PATTERN,
  type MyAgency,
} from '@baan/contract';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/TextField';
import { Link, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import {
  useCreateAgencyMutation,
  useGetMyAgencyQuery,
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useUpdateAgencyMutation,
  useWithdrawInvitationMutation,
} from '../api/agencies-api';
import { agencyFieldErrorKey, agencyMessageKey, invitationMessageKey } from '../lib/agency-messages';
import { AgencyWork } from './AgencyWork';

const card = 'max-w-3xl rounded-2xl border border-slate-200 bg-white p-6';
const primary = 'rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 disabled:opacity-60';

/** Settings' "Agency" section (ADR 037): create one, or see yours; its admins invite, list and remove members. */
export function AgencySettings() {
  const { t } = useTranslation('agencies');
  const id = useId();
  const { data, isLoading, isError } = useGetMyAgencyQuery();
  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('settings.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.intro')}</p>
      {isLoading ? <p className="mt-4 text-slate-600">{t('settings.loading')}</p> : null}
      {isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {t('messages.failed')}
        </p>
      ) : null}
      {data && !data.agency ? <CreateAgencyForm /> : null}
      {data?.agency ? <AgencyPanel mine={data} /> : null}
    </section>
  );
}

function CreateAgencyForm() {
  const { t } = useTranslation('agencies');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [createAgency, { isLoading }] = useCreateAgencyMutation();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < AGENCY_LIMITS.nameMin || trimmed.length > AGENCY_LIMITS.name) {
      setError(t('messages.nameInvalid', { min: AGENCY_LIMITS.nameMin, max: AGENCY_LIMITS.name }));
      return;
    }
    try {
      await createAgency({ name: trimmed }).unwrap();
      setError(undefined);
      toast.success(t('messages.created'));
    } catch (err) {
      const key = agencyFieldErrorKey(err, 'name') ?? agencyMessageKey(err);
      setError(t(key, { min: AGENCY_LIMITS.nameMin, max: AGENCY_LIMITS.name }));
    }
  }
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
      <h3 className="font-semibold text-slate-900">{t('settings.createTitle')}</h3>
      <TextField
        label={t('settings.name')}
        value={name}
        maxLength={AGENCY_LIMITS.name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        autoComplete="organization"
      />
      <button type="submit" disabled={isLoading} className={primary}>
        {t('settings.create')}
      </button>
    </form>
  );
}

function AgencyPanel({ mine }: { mine: MyAgency }) {
  const { t } = useTranslation('agencies');
  const agency = mine.agency;
  if (!agency) return null;
  return (
    <div className="mt-4 space-y-6">
      <p className="text-slate-800">
        <span className="font-semibold">{agency.name}</span> · {t('settings.yourRole')}: {t(`roles.${agency.role}`)}
      </p>
      <Link
        to={`/agency/${agency.slug}`}
        className="inline-block font-semibold text-teal-800 underline-offset-2 hover:underline"
      >
        {t('settings.publicPage')}
      </Link>
      {agency.role === 'admin' ? (
        <>
          <DetailsForm slug={agency.slug} name={agency.name} about={agency.about} />
          <InviteForm slug={agency.slug} />
          <MemberList slug={agency.slug} members={mine.members} />
          <InvitationList mine={mine} />
          <AgencyWork slug={agency.slug} members={mine.members} />
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('settings.memberNote')}</p>
      )}
    </div>
  );
}

/** The admin's edit of the agency's name and about text (the public page shows both). */
function DetailsForm({
  slug,
  name: savedName,
  about: savedAbout,
}: {
  slug: string;
  name: string;
  about: string | null;
}) {
  const { t } = useTranslation('agencies');
  const id = useId();
  const [name, setName] = useState(savedName);
  const [about, setAbout] = useState(savedAbout ?? '');
  const [error, setError] = useState<{ name?: string; about?: string }>({});
  const [update, { isLoading }] = useUpdateAgencyMutation();
  const limits = { min: AGENCY_LIMITS.nameMin, max: AGENCY_LIMITS.name };
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < AGENCY_LIMITS.nameMin || trimmed.length > AGENCY_LIMITS.name) {
      setError({ name: t('messages.nameInvalid', limits) });
      return;
    }
    if (about.length > AGENCY_LIMITS.about) {
      setError({ about: t('messages.aboutInvalid') });
      return;
    }
    try {
      await update({ slug, name: trimmed, about }).unwrap();
      setError({});
      toast.success(t('messages.saved'));
    } catch (err) {
      const nameKey = agencyFieldErrorKey(err, 'name');
      const aboutKey = agencyFieldErrorKey(err, 'about');
      setError(
        nameKey || aboutKey
          ? { name: nameKey && t(nameKey, limits), about: aboutKey && t(aboutKey) }
          : { name: t(agencyMessageKey(err), limits) },
      );
    }
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3 border-t border-slate-200 pt-5">
      <h3 className="font-semibold text-slate-900">{t('settings.detailsTitle')}</h3>
      <TextField
        label={t('settings.name')}
        value={name}
        maxLength={AGENCY_LIMITS.name}
        onChange={(e) => setName(e.target.value)}
        error={error.name}
      />
      <div>
        <label htmlFor={`${id}-about`} className="mb-1 block text-sm font-medium text-slate-700">
          {t('settings.about')}
        </label>
        <textarea
          id={`${id}-about`}
          value={about}
          rows={4}
          maxLength={AGENCY_LIMITS.about}
          onChange={(e) => setAbout(e.target.value)}
          aria-invalid={error.about ? true : undefined}
          aria-describedby={error.about ? `${id}-about-error` : undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-200 ${
            error.about ? 'border-red-500' : 'border-slate-300'
          }`}
        />
        {error.about ? (
          <p id={`${id}-about-error`} className="mt-1 text-sm text-red-700">
            {error.about}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={isLoading} className={primary}>
        {t('settings.save')}
      </button>
    </form>
  );
}

function InviteForm({ slug }: { slug: string }) {
  const { t } = useTranslation('agencies');
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AgencyRole>('agent');
  const [error, setError] = useState<string | undefined>();
  const [invite, { isLoading }] = useInviteMemberMutation();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (email.length > 320 || !CONTACT_EMAIL_PATTERN.test(email.trim())) {
      setError(t('messages.emailInvalid'));
      return;
    }
    try {
      await invite({ slug, email: email.trim(), role }).unwrap();
      setError(undefined);
      setEmail('');
      toast.success(t('messages.invited'));
    } catch (err) {
      setError(agencyFieldErrorKey(err, 'email') ? t('messages.emailInvalid') : t(invitationMessageKey(err)));
    }
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3 border-t border-slate-200 pt-5">
      <h3 className="font-semibold text-slate-900">{t('settings.inviteTitle')}</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <TextField
          label={t('settings.email')}
          type="email"
          value={email}
          maxLength={320}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          autoComplete="off"
        />
        <div>
          <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('settings.role')}
          </label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(e) => setRole(e.target.value as AgencyRole)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900"
          >
            {AGENCY_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" disabled={isLoading} className={primary}>
        {t('settings.invite')}
      </button>
    </form>
  );
}

function MemberList({ slug, members }: { slug: string; members: AgencyMember[] }) {
  const { t } = useTranslation('agencies');
  const [removing, setRemoving] = useState<AgencyMember | null>(null);
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const admins = members.filter((m) => m.role === 'admin').length;
  async function confirm() {
    if (!removing) return;
    try {
      await remove({ slug, userId: removing.user_id }).unwrap();
      toast.success(t('messages.removed'));
    } catch (err) {
      toast.error(t(agencyMessageKey(err)));
    } finally {
      setRemoving(null);
    }
  }
  return (
    <div className="border-t border-slate-200 pt-5">
      <h3 className="font-semibold text-slate-900">{t('settings.members')}</h3>
      <ul className="mt-3 divide-y divide-slate-200">
        {members.map((member) => (
          <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="min-w-0">
              <span className="block font-medium break-words text-slate-900">{member.name}</span>
              <span className="block text-sm break-all text-slate-600">{member.email}</span>
              <span className="block text-sm text-slate-600">
                {t(`roles.${member.role}`)} · {t('settings.listingsCount', { count: member.listings_count })}
              </span>
            </span>
            {member.role === 'admin' && admins <= 1 ? null : (
              <button
                type="button"
                onClick={() => setRemoving(member)}
                className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
              >
                {t('settings.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {removing ? (
        <ConfirmDialog
          title={t('settings.confirmTitle', { name: removing.name })}
          message={t('settings.confirmMessage', { name: removing.name })}
          confirmLabel={t('settings.remove')}
          cancelLabel={t('settings.cancel')}
          isBusy={isLoading}
          onConfirm={confirm}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}

function InvitationList({ mine }: { mine: MyAgency }) {
  const { t } = useTranslation('agencies');
  const language = usePageLanguage();
  const [withdraw, { isLoading }] = useWithdrawInvitationMutation();
  const slug = mine.agency?.slug ?? '';
  async function onWithdraw(id: number) {
    try {
      await withdraw({ slug, id }).unwrap();
      toast.success(t('messages.withdrawn'));
    } catch (err) {
      toast.error(t(agencyMessageKey(err)));
    }
  }
  return (
    <div className="border-t border-slate-200 pt-5">
      <h3 className="font-semibold text-slate-900">{t('settings.invitations')}</h3>
      {mine.invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('settings.noInvitations')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {mine.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium break-all text-slate-900">{invitation.email}</span>
                <span className="text-slate-600">
                  {' '}
                  · {t(`roles.${invitation.role}`)} ·{' '}
                  {t('settings.validUntil', { date: formatDate(invitation.expires_at, language) })}
                </span>
              </span>
              <button
                type="button"
                onClick={() => onWithdraw(invitation.id)}
                disabled={isLoading}
                className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                {t('settings.withdraw')}
                <span className="sr-only"> {invitation.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
