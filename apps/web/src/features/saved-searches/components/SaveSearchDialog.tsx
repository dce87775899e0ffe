import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@baan/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog';
import { Loader2 } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/TextField';
import { localizeTo, usePageLanguage } from '../../../i18n/localized-router';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { useStationsById } from '../../../lib/stations';
import { toast } from '../../../lib/toast';
import { useCreateSavedSearchMutation } from '../api/saved-searches-api';
import { savedSearchError } from '../lib/messages';
import { defaultSearchName, namesStation, savableQuery } from '../lib/summary';

interface SaveSearchDialogProps {
  query: string;
  onClose: () => void;
}

/** Names the search (pre-filled from its filters), picks how often alerts come, and saves it (POST). */
export default function SaveSearchDialog({ query, onClose }: SaveSearchDialogProps) {
  const { t, i18n } = useTranslation('saved');
  const language = usePageLanguage();
  const titleId = useId();
  const leadId = useId();
  const saved = savableQuery(query);
  const stations = useStationsById(namesStation(saved));
  /** What the person typed; until then the proposed name, which takes the station's name once it has arrived. */
  const [typedName, setTypedName] = useState<string | null>(null);
  const name = typedName ?? defaultSearchName(saved, t, appLanguage(i18n.language), stations);
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('daily');
  const [notifyPriceDrops, setNotifyPriceDrops] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateSavedSearchMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('errors.nameRequired'));
      return;
    }
    setError(null);
    try {
      await create({ name: name.trim(), query: saved, frequency, notify_price_drops: notifyPriceDrops }).unwrap();
    } catch (failure) {
      setError(savedSearchError(failure, t, 'save.failed'));
      return;
    }
    onClose();
    // The toast renders outside the page's route: its link carries the page's language itself.
    toast.success(
      <span>
        {t('save.saved')}{' '}
        <RouterLink
          to={localizeTo(language, '/dashboard/saved-searches')}
          className="font-semibold text-teal-800 underline"
        >
          {t('save.manage')}
        </RouterLink>
      </span>,
    );
  };

  return (
    <Dialog
      titleId={titleId}
      descriptionId={leadId}
      isBusy={isLoading}
      onClose={onClose}
      className="max-h-[calc(100svh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('save.title')}
      </h2>
      <p id={leadId} className="mt-1 text-sm text-slate-700">
        {t('save.lead')}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-5">
        <TextField
          label={t('save.name')}
          name="name"
          value={name}
          maxLength={80}
          required
          onChange={(event) => setTypedName(event.target.value)}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('save.frequency')}</legend>
          <div className="space-y-2">
            {SAVED_SEARCH_FREQUENCIES.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-checked:border-teal-600 has-checked:bg-teal-50"
              >
                <input
                  type="radio"
                  name="frequency"
                  value={value}
                  checked={frequency === value}
                  onChange={() => setFrequency(value)}
                  className="size-4 accent-teal-700"
                />
                {t(`save.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex cursor-pointer items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            name="notify_price_drops"
            checked={notifyPriceDrops}
            onChange={(event) => setNotifyPriceDrops(event.target.checked)}
            className="size-5 shrink-0 accent-teal-700"
          />
          {t('save.notifyPriceDrops')}
        </label>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            disabled={isLoading}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
          >
            {t('save.cancel')}
          </button>
          <button
            type="submit"
            disabled={isLoading}
            aria-busy={isLoading || undefined}
            className="inline-flex items-center gap-2 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {isLoading ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            {isLoading ? t('save.saving') : t('save.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
