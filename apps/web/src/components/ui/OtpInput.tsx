import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

interface OtpInputProps {
  /** One entry per box: a digit or ''. */
  value: string[];
  onChange: (value: string[]) => void;
  /** The group's accessible name, e.g. "Verification code". */
  label: string;
  /** Each box's accessible name, e.g. (1, 4) → "Digit 1 of 4". */
  digitLabel: (position: number, count: number) => string;
  disabled?: boolean;
  autoFocus?: boolean;
  hasError?: boolean;
}

/** An empty code of `length` boxes. */
export const emptyOtp = (length = 4) => Array.from({ length }, () => '');

/**
 * One digit per box (spec 4): typing moves focus forward, Backspace on an empty box goes back and
 * clears that box, and pasting digits fills the boxes from the one pasted into.
 */
export function OtpInput({ value, onChange, label, digitLabel, disabled, autoFocus, hasError }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const count = value.length;
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(count - 1, index))]?.focus();

  const setAt = (index: number, digit: string) => onChange(value.map((d, i) => (i === index ? digit : d)));

  function onInput(index: number, raw: string) {
    const digits = raw.replace(/\D/g, '');
    if (digits.length === 0) {
      setAt(index, '');
      return;
    }
    if (digits.length > 1) {
      // Several digits at once (autofill, a fast typist): fill forward like a paste.
      fill(index, digits);
      return;
    }
    setAt(index, digits);
    if (index < count - 1) focus(index + 1);
  }

  function fill(from: number, digits: string) {
    const next = [...value];
    let at = from;
    for (const d of digits) {
      if (at >= count) break;
      next[at] = d;
      at += 1;
    }
    onChange(next);
    focus(Math.min(at, count - 1));
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      setAt(index - 1, '');
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < count - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    event.preventDefault();
    if (digits) fill(digits.length >= count ? 0 : index, digits);
  }

  return (
    <fieldset
      className={`flex justify-center ${count > 4 ? 'gap-1.5 sm:gap-3' : 'gap-3'}`}
      aria-label={label}
      disabled={disabled}
    >
      <legend className="sr-only">{label}</legend>
      {value.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions; they never move.
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing to enter on this step.
          autoFocus={autoFocus && index === 0}
          maxLength={count}
          aria-label={digitLabel(index + 1, count)}
          aria-invalid={hasError || undefined}
          value={digit}
          onChange={(e) => onInput(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={(e) => onPaste(index, e)}
          onFocus={(e) => e.target.select()}
          className={`${count > 4 ? 'size-10 text-xl sm:size-14 sm:text-2xl' : 'size-14 text-2xl'} rounded-lg border-2 bg-white text-center font-semibold text-slate-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-200 disabled:bg-slate-100 ${
            hasError ? 'border-red-500' : 'border-slate-300'
          }`}
        />
      ))}
    </fieldset>
  );
}
