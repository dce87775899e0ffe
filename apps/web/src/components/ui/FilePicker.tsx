import { type InputHTMLAttributes, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { FileUp } from './icons';

interface FilePickerProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'multiple'> {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * A one-file input in the page's language. The browser's own control says "Choose File / No file chosen" in the
 * browser's language whatever the page's. Here the input stays in the page, visually hidden, focusable and named by
 * the field's own `<label htmlFor={id}>` (Space opens the picker, as on any file input); the button beside it is for
 * the pointer only, with the chosen file's name, or that none is chosen, after it.
 */
export function FilePicker({ id, inputRef, className = '', onChange, disabled, ...input }: FilePickerProps) {
  const { t } = useTranslation();
  const own = useRef<HTMLInputElement | null>(null);
  const [chosen, setChosen] = useState('');
  // A form's reset() empties the input without a change event: the name goes with it.
  useEffect(() => {
    const form = own.current?.form;
    if (!form) return;
    const clear = () => setChosen('');
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);
  return (
    <div className={`flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <input
        {...input}
        ref={(node) => {
          own.current = node;
          if (typeof inputRef === 'function') inputRef(node);
          else if (inputRef) inputRef.current = node;
        }}
        id={id}
        type="file"
        disabled={disabled}
        className="peer sr-only"
        onChange={(event) => {
          setChosen(event.target.files?.[0]?.name ?? '');
          onChange?.(event);
        }}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onClick={() => own.current?.click()}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 hover:bg-slate-50 disabled:opacity-50"
      >
        <FileUp className="size-4 text-teal-700" />
        {t('file.choose')}
      </button>
      <span className="min-w-0 max-w-full truncate text-sm text-slate-600">{chosen || t('file.none')}</span>
    </div>
  );
}
