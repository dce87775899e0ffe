import { type ChangeEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type IconComponent, LoaderCircle, X } from './icons';

/** The combobox's words, in the page's language (shared UI takes its wording as props). */
export interface ComboboxTexts {
  /** The list's name ("Suggestions"). */
  list: string;
  /** Said while the suggestions are asked for. */
  loading: string;
  /** Said when asking failed. */
  error: string;
  /** Said when nothing matched. */
  noResults: string;
  /** Announced when the list opens ("5 suggestions"). */
  found: (count: number) => string;
}

export interface ComboboxProps<T> {
  /** The label of the text box: visible unless `hideLabel` (a box whose placeholder and icon say what it is). */
  label: string;
  hideLabel?: boolean;
  /** The text in the box: the host keeps it (it writes a chosen item's name there in onSelect). */
  value: string;
  /** Every keystroke (and the clear button, with ''). */
  onValueChange: (text: string) => void;
  /** Asks for the items matching the trimmed text; the signal aborts it when the text changes again. */
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  /** Anything else the search depends on (the interface language): when it changes, the text is asked for again. */
  searchKey?: string;
  /** The fewest characters (trimmed) that are searched for. */
  minLength?: number;
  /** Milliseconds of quiet typing before asking. */
  debounceMs: number;
  /** An item was chosen (Enter on the highlighted one, or a click or tap). */
  onSelect: (item: T) => void;
  /** A key unique among the shown items. */
  optionKey: (item: T) => string;
  /** What an option shows. */
  renderOption: (item: T) => ReactNode;
  texts: ComboboxTexts;
  /** The decorative icon at the start of the box. */
  icon: IconComponent;
  /** A note under the box that describes it (left out when undefined). */
  hint?: string;
  /** With a name, a button that empties the box is shown while it has text. */
  clearLabel?: string;
  /** A validation message from the host form, shown under the box and announced with it. */
  error?: string;
  required?: boolean;
  name?: string;
  id?: string;
  placeholder?: string;
  /** Classes of the text box (its padding for the icons is added); a bordered box when absent. */
  inputClassName?: string;
  /** `roomy`: a form field with its label above; `compact`: a filter among filters (a tighter label and list). */
  density?: 'roomy' | 'compact';
  /**
   * Whether "loading" is also written under the box, or only said to screen readers (the spinner shows it): a box
   * asked on every pause in typing would otherwise make the page below it jump.
   */
  showsLoadingText?: boolean;
}

type Status = 'idle' | 'loading' | 'done' | 'error';

const DEFAULT_INPUT =
  'w-full rounded-lg border bg-white py-2.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-teal-500 focus:outline-none';

const DENSITY = {
  roomy: { label: 'mb-1.5 block', field: 'relative', list: 'max-h-80', note: 'mt-1.5' },
  compact: { label: '', field: 'relative mt-1', list: 'max-h-72', note: 'mt-1 font-normal' },
} as const;

/**
 * A text box with suggestions, following the ARIA 1.2 combobox pattern (list autocomplete, manual selection): the
 * input keeps focus, arrow keys move the highlighted option (aria-activedescendant), Enter chooses it, Escape closes
 * the list. Asks `search` from `minLength` characters on, `debounceMs` after typing stops; an earlier question still
 * under way is aborted. The place search of the wizard and the station filter of the search forms are this box.
 */
export function Combobox<T>({
  label,
  hideLabel = false,
  value,
  onValueChange,
  search,
  searchKey,
  minLength = 1,
  debounceMs,
  onSelect,
  optionKey,
  renderOption,
  texts,
  icon: Icon,
  hint,
  clearLabel,
  error,
  required,
  name,
  id,
  placeholder,
  inputClassName,
  density = 'roomy',
  showsLoadingText = true,
}: ComboboxProps<T>) {
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const hintId = `${baseId}-hint`;
  const statusId = `${baseId}-status`;
  const errorId = `${baseId}-error`;
  const look = DENSITY[density];

  /** The trimmed text to search for; empty while it is too short or right after a choice. */
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<T[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A host passing an inline function must not restart the search on every render.
  const searchRef = useRef(search);
  searchRef.current = search;

  // biome-ignore lint/correctness/useExhaustiveDependencies: searchKey is what the search reads besides the query.
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus('loading');
      try {
        const items = await searchRef.current(query, controller.signal);
        if (controller.signal.aborted) return;
        setResults(items);
        setActive(-1);
        setStatus('done');
      } catch {
        if (controller.signal.aborted) return;
        setResults([]);
        setStatus('error');
      }
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchKey, debounceMs]);

  const isExpanded = isOpen && status === 'done' && results.length > 0;
  const activeOptionId = isExpanded && active >= 0 ? `${listboxId}-${active}` : undefined;

  function reset() {
    setQuery('');
    setResults([]);
    setStatus('idle');
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    onValueChange(next);
    const trimmed = next.trim();
    setActive(-1);
    setIsOpen(true);
    if (trimmed.length >= minLength) setQuery(trimmed);
    else reset();
  }

  function choose(item: T) {
    reset();
    setIsOpen(false);
    setActive(-1);
    onSelect(item);
  }

  function clear() {
    reset();
    setActive(-1);
    onValueChange('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (status !== 'done' || count === 0) return;
        event.preventDefault();
        setIsOpen(true);
        setActive((index) => (event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
        return;
      case 'Enter': {
        const item = isExpanded && active >= 0 ? results[active] : undefined;
        if (item !== undefined) {
          // Choosing must not also submit the surrounding form.
          event.preventDefault();
          choose(item);
        }
        return;
      }
      case 'Escape':
        if (isExpanded) {
          event.preventDefault();
          setIsOpen(false);
          setActive(-1);
        }
        return;
      default:
        return;
    }
  }

  let statusText = '';
  if (status === 'loading') statusText = texts.loading;
  else if (status === 'error') statusText = texts.error;
  else if (status === 'done' && isOpen && results.length === 0) statusText = texts.noResults;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const border = error ? 'border-rose-500' : inputClassName ? '' : 'border-slate-300';

  return (
    <div className="relative">
      <label
        htmlFor={inputId}
        className={hideLabel ? 'sr-only' : `${look.label} text-sm font-medium text-slate-700`.trim()}
      >
        {label}
      </label>
      <div className={look.field}>
        <Icon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOptionId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={placeholder}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onFocus={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            setActive(-1);
          }}
          className={`${inputClassName ?? DEFAULT_INPUT} pr-10 pl-9 ${border}`.trim()}
        />
        {status === 'loading' ? (
          <LoaderCircle
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-teal-600"
            aria-hidden="true"
          />
        ) : clearLabel && value ? (
          <button
            type="button"
            onClick={clear}
            aria-label={clearLabel}
            className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-label={texts.list}
        hidden={!isExpanded}
        className={`absolute z-30 mt-1 ${look.list} w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg`}
      >
        {results.map((item, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options never take focus; the input keeps it and points at the active one with aria-activedescendant (ARIA 1.2 combobox).
          <div
            key={optionKey(item)}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: choosing must happen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(item);
            }}
            onMouseMove={() => setActive(index)}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-teal-50 text-teal-900' : 'text-slate-800'}`}
          >
            {renderOption(item)}
          </div>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className={`${look.note} text-xs text-slate-500`}>
          {hint}
        </p>
      ) : null}
      <p
        id={statusId}
        role="status"
        className={
          statusText && (showsLoadingText || status !== 'loading')
            ? `${look.note} text-sm ${status === 'error' ? 'text-rose-600' : 'text-slate-600'}`
            : 'sr-only'
        }
      >
        {statusText || (isExpanded ? texts.found(results.length) : '')}
      </p>
      {error ? (
        <p id={errorId} className={`${look.note} text-sm text-rose-600`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
