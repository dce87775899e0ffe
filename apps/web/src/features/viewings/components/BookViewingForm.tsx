import type { ViewingMode } from '@baan/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n/use-translation';
import { useGetFreeViewingSlotsQuery, useRequestViewingMutation } from '../api/viewings-api';
import { describeViewingFailure, viewingMessage } from '../lib/messages';
import { bangkokDate, bangkokDay, bangkokHour } from './bangkok';

const loadViewingRequest = () => import('../lib/schemas').then((schemas) => schemas.ViewingRequest);
/** Fetches the schema while the person chooses an hour and types, so sending does not wait for it. */
const prefetchSchema = () => {
  loadViewingRequest().catch(() => {});
};

type Errors = { slot?: string; name?: string; email?: string; phone?: string; form?: string };
const FIELDS = ['name', 'email', 'phone'] as const;

/**
 * "Book a viewing" on a listing's page: a day, then a free hour (Bangkok time), in person or by video call, and the
 * visitor's name, e-mail and phone (prefilled for a signed-in user). Shown only when the owner offers hours.
 */
export function BookViewingForm({
  listingId,
  user,
}: {
  listingId: number;
  user?: { name: string; email: string; phone?: string | null } | null;
}) {
  const { t, i18n } = useTranslation('viewings');
  const id = useId();
  const slots = useGetFreeViewingSlotsQuery(listingId);
  const [send, { isLoading }] = useRequestViewingMutation();
  const free = slots.data?.free ?? [];
  const days = useMemo(() => [...new Set(free.map(bangkokDate))], [free]);
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [mode, setMode] = useState<ViewingMode>('in_person');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const shownDay = day ?? days[0] ?? null;
  const locale = i18n.language;

  if (slots.isLoading || free.length === 0) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const phone = String(form.get('phone') ?? '').trim();
    const next: Errors = {};
    // The contract's own rules (ViewingRequest), in the person's language; the hour is picked above. The schema loads
    // when the form is first touched (zod stays off the listing page's first load); offline, the send says so below.
    let ViewingRequest: Awaited<ReturnType<typeof loadViewingRequest>>;
    try {
      ViewingRequest = await loadViewingRequest();
    } catch {
      setErrors({ form: t('errors.failed') });
      return;
    }
    const checked = ViewingRequest.safeParse({ starts_at: slot ?? '', mode, name, email, phone: phone || undefined });
    if (!slot) next.slot = t('book.slotRequired');
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = FIELDS.find((f) => f === issue.path[0]);
      if (field && !next[field]) next[field] = viewingMessage(t, issue.message) ?? t('errors.failed');
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !slot) return;
    try {
      await send({ id: listingId, starts_at: slot, mode, name, email, ...(phone ? { phone } : {}) }).unwrap();
      setSent(true);
    } catch (err) {
      const failure = describeViewingFailure(t, err, t('errors.failed'));
      const shown: Errors = { form: failure.fields.starts_at ?? failure.fields.mode ?? failure.message };
      for (const field of FIELDS) if (failure.fields[field]) shown[field] = failure.fields[field];
      setErrors(shown);
      // A taken or no longer valid hour: the list of free hours reloads (the mutation invalidates it); pick again.
      if (failure.fields.starts_at) setSlot(null);
    }
  };

  if (sent) {
    return (
      <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {t('book.title')}
        </h2>
        <p role="status" className="mt-2 text-sm font-medium text-emerald-800">
          {t('book.sent')}
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {t('book.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('book.lead')}</p>
      <form onSubmit={submit} onFocus={prefetchSchema} noValidate className="mt-3 grid gap-4">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('book.day')}</legend>
          <div className="flex flex-wrap gap-2">
            {days.map((d) => {
              const first = free.find((s) => bangkokDate(s) === d) ?? '';
              return (
                <button
                  key={d}
                  type="button"
                  aria-pressed={d === shownDay}
                  onClick={() => {
                    setDay(d);
                    setSlot(null);
                  }}
                  className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm aria-pressed:border-teal-700 aria-pressed:bg-teal-50 aria-pressed:font-semibold"
                >
                  {bangkokDay(first, locale)}
                </button>
              );
            })}
          </div>
        </fieldset>
        <fieldset aria-describedby={errors.slot ? `${id}-slot-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('book.time')}</legend>
          <div className="flex flex-wrap gap-2">
            {free
              .filter((s) => bangkokDate(s) === shownDay)
              .map((s) => (
                <label
                  key={s}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
                >
                  <input type="radio" name="slot" value={s} checked={slot === s} onChange={() => setSlot(s)} />
                  {bangkokHour(s, locale)}
                </label>
              ))}
          </div>
          {errors.slot ? (
            <p id={`${id}-slot-error`} className="mt-1 text-sm text-red-700">
              {errors.slot}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-slate-600">{t('book.timezone')}</p>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('book.mode')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['in_person', 'video'] as const).map((m) => (
              <label key={m} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                {t(`mode.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          name="name"
          label={t('book.name')}
          error={errors.name}
          defaultValue={user?.name ?? ''}
          maxLength={120}
          autoComplete="name"
        />
        <TextField
          name="email"
          type="email"
          label={t('book.email')}
          error={errors.email}
          defaultValue={user?.email ?? ''}
          maxLength={320}
          autoComplete="email"
        />
        <TextField
          name="phone"
          type="tel"
          label={t('book.phone')}
          error={errors.phone}
          defaultValue={user?.phone ?? ''}
          maxLength={30}
          autoComplete="tel"
        />
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
        <div>
          <button
            type="submit"
            disabled={isLoading}
            className="min-h-11 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {t('book.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
