import { type FormEvent, useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { pageFromInput } from './page-items';

type Props = {
  pageCount: number;
  /** Goes to a page (1…pageCount): the typed number, a number past the end as the last page. */
  onJump: (page: number) => void;
  /**
   * The address's other parameters, for a pager of links: the form is then a GET form that carries them, so it
   * works without JavaScript (the page reads a number past the end itself).
   */
  keep?: URLSearchParams;
};

/** "Go to page [ ] Go": a small form beside a pager that leaves pages out. */
export function PageJump({ pageCount, onJump, keep }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const page = pageFromInput(String(new FormData(event.currentTarget).get('page') ?? ''), pageCount);
    if (page !== undefined) onJump(page);
  };
  return (
    <form
      method="get"
      noValidate
      onSubmit={submit}
      aria-label={t('pager.jumpLabel')}
      className="flex items-center gap-2 text-sm text-slate-700"
    >
      {[...(keep ?? [])].map(([name, value]) =>
        name === 'page' ? null : <input key={`${name}=${value}`} type="hidden" name={name} value={value} />,
      )}
      <label htmlFor={`${id}-page`}>{t('pager.goTo')}</label>
      <input
        id={`${id}-page`}
        name="page"
        inputMode="numeric"
        autoComplete="off"
        placeholder={`1–${pageCount}`}
        aria-describedby={`${id}-of`}
        className="h-9 w-20 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-teal-600 focus:outline-none"
      />
      <span id={`${id}-of`} className="sr-only">
        {t('pager.of', { pageCount })}
      </span>
      <button
        type="submit"
        className="inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-700 hover:bg-slate-50"
      >
        {t('pager.go')}
      </button>
    </form>
  );
}
