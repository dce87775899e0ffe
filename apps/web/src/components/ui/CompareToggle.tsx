import { Check, GitCompareArrows } from './icons';

type Props = {
  /** Whether the listing is in the compare selection. */
  pressed: boolean;
  onToggle: () => void;
  /** The accessible name, naming the listing ("Compare Sukhumvit condo"): several cards sit on one page. */
  label: string;
  /** The visible text ("Compare"). */
  text: string;
  className?: string;
};

/** A toggle button that adds a listing to the compare selection or takes it out (aria-pressed). */
export function CompareToggle({ pressed, onToggle, label, text, className = '' }: Props) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onToggle}
      className={`relative z-10 inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
        pressed
          ? 'border-teal-700 bg-teal-700 text-white hover:bg-teal-800'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
      } ${className}`}
    >
      {pressed ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <GitCompareArrows className="size-4" aria-hidden="true" />
      )}
      {text}
    </button>
  );
}
