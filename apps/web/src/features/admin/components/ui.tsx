import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { DataTable, type TableProps } from '../../../components/ui/DataTable';
import { type IconComponent, Search } from '../../../components/ui/icons';
import { Pager } from '../../../components/ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { useTranslation } from '../../../i18n/use-translation';
import { useErrorMessage } from '../lib/use-error-message';

/** A console section: its heading (`<name>.title`) and intro (`<name>.lead`), room for actions, then the content. */
export function AdminSection({
  name,
  actions,
  children,
}: {
  name:
    | 'payments'
    | 'listings'
    | 'users'
    | 'packages'
    | 'projects'
    | 'messages'
    | 'jobs'
    | 'audit'
    | 'privacy'
    | 'settings'
    | 'verifications';
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const titleId = `admin-${name}-title`;
  return (
    <section aria-labelledby={titleId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {t(`${name}.title`)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t(`${name}.lead`)}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Column names by key, from `<prefix>.<key>` (e.g. `listings.columns.owner`). */
export function useColumnNames<K extends string>(prefix: string, keys: readonly K[]): Record<K, string> {
  const { t } = useTranslation('admin');
  return Object.fromEntries(keys.map((key) => [key, t(`${prefix}.${key}`)])) as Record<K, string>;
}

const BADGE_TONES = {
  green: 'bg-green-100 text-green-800',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-800',
  slate: 'bg-slate-200 text-slate-800',
  teal: 'bg-teal-100 text-teal-900',
  blue: 'bg-blue-100 text-blue-800',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE_TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Filter tabs: a labelled group of toggle buttons (the list below changes with them). */
export function FilterTabs<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex max-w-full min-w-0 gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className="shrink-0 rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-white aria-pressed:bg-white aria-pressed:text-teal-800 aria-pressed:shadow-sm"
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/** A labelled drop-down filter above a list. */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
  className,
  selectClassName = '',
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  className?: string;
  selectClassName?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-semibold text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm ${selectClassName}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A search box that searches on submit (Enter or the button), so each keystroke is not a request. */
export function SearchForm({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1 sm:w-72">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={200}
          placeholder={label}
          onChange={(event) => setText(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 sm:text-sm"
        />
      </div>
      <button
        type="submit"
        className="shrink-0 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
      >
        {t('common.search')}
      </button>
    </form>
  );
}

interface ListQuery<T> {
  data?: T;
  isLoading: boolean;
  /** A refetch with new arguments and nothing to show yet counts as loading. */
  isFetching?: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** A list's states: loading, an error with retry, empty, or the rows (a plain list or a page of `items`). */
export function QueryView<T extends readonly unknown[] | { items: readonly unknown[] }>({
  query,
  emptyMessage,
  children,
}: {
  query: ListQuery<T>;
  emptyMessage: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const { data, isLoading, isFetching, error, refetch } = query;
  if (isLoading || (isFetching && !data)) return <LoadingState label={t('common.loading')} />;
  if (error) {
    return <ErrorState message={errorMessage(error)} retryLabel={t('common.retry')} onRetry={() => void refetch()} />;
  }
  if (!data || (Array.isArray(data) ? data : (data as { items: readonly unknown[] }).items).length === 0) {
    return (
      <div className="mt-4">
        <EmptyState message={emptyMessage} />
      </div>
    );
  }
  return children(data);
}

/** A page of results: the total (unless hidden), the rows, and the pager. */
export function PagedResults({
  result,
  isTotalShown = true,
  onPage,
  children,
}: {
  result: { page: number; per_page: number; total: number };
  isTotalShown?: boolean;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      {isTotalShown ? (
        <p className="mt-4 text-sm text-slate-600" aria-live="polite">
          {t('common.total', { count: result.total })}
        </p>
      ) : null}
      {children}
      <Pager
        page={result.page}
        perPage={result.per_page}
        total={result.total}
        onPage={onPage}
        labels={{
          nav: t('common.pages'),
          previous: t('common.previous'),
          next: t('common.next'),
          pageOf: (page, pageCount) => t('common.pageOf', { page, pageCount }),
        }}
      />
    </>
  );
}

/** A whole list as a table, with its loading, error and empty states. */
export function QueryTable<T extends { id: number }>({
  query,
  emptyMessage,
  ...shell
}: TableProps<T> & { query: ListQuery<readonly T[]>; emptyMessage: string }) {
  return (
    <QueryView query={query} emptyMessage={emptyMessage}>
      {(rows) => <DataTable rows={rows} {...shell} />}
    </QueryView>
  );
}

/** A page of a list as a table, with its states, the total (unless hidden) and the pager. */
export function PagedTable<T extends { id: number }>({
  query,
  emptyMessage,
  isTotalShown,
  onPage,
  ...shell
}: TableProps<T> & {
  query: ListQuery<{ items: readonly T[]; page: number; per_page: number; total: number }>;
  emptyMessage: string;
  isTotalShown?: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <QueryView query={query} emptyMessage={emptyMessage}>
      {(data) => (
        <PagedResults result={data} isTotalShown={isTotalShown} onPage={onPage}>
          <DataTable rows={data.items} {...shell} />
        </PagedResults>
      )}
    </QueryView>
  );
}

/** The actions cell: a row of buttons in a card, a tidy column of them in the table. */
export const actionsCell = 'max-md:mt-2 max-md:border-t max-md:border-slate-200 max-md:pt-3';
export const actionButtons = 'flex flex-wrap gap-2 md:w-max md:flex-col md:items-stretch';

/** An e-mail address that may wrap after the @ rather than anywhere. */
export function Email({ address, className = '' }: { address: string; className?: string }) {
  const at = address.indexOf('@');
  return (
    <span className={`block [overflow-wrap:anywhere] ${className}`}>
      {at < 0 ? (
        address
      ) : (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      )}
    </span>
  );
}

/** A person's name over their e-mail address. */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium text-slate-900">{name}</span>
      <Email address={email} className="text-slate-600" />
    </>
  );
}

export const buttons = {
  primary:
    'inline-flex items-center justify-center gap-1.5 rounded-lg bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-50',
  secondary:
    'inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50',
  danger:
    'inline-flex items-center justify-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50',
};

/** A button with an icon before its text; `name` is its accessible name when the text alone is ambiguous. */
export function ActionButton({
  icon: Icon,
  label,
  name,
  tone = 'secondary',
  disabled,
  onClick,
}: {
  icon: IconComponent;
  label: string;
  name?: string;
  tone?: keyof typeof buttons;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className={buttons[tone]} disabled={disabled} onClick={onClick} aria-label={name}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
}
