import { Heart } from './icons';

interface HeartButtonProps {
  isPressed: boolean;
  /** The accessible name, naming the listing ("Save Sunny condo to favourites"). */
  label: string;
  onToggle: () => void;
  /** `overlay` sits on a photo (a card); `plain` stands beside a title. */
  variant?: 'overlay' | 'plain';
  className?: string;
}

/** A favourite toggle: a heart, filled when pressed (aria-pressed). Takes its state, wording and action as props. */
export function HeartButton({ isPressed, label, onToggle, variant = 'overlay', className = '' }: HeartButtonProps) {
  const tone =
    variant === 'overlay'
      ? 'size-10 bg-white/90 shadow-sm hover:bg-white'
      : 'size-11 border border-slate-300 bg-white hover:bg-rose-50';
  return (
    <button
      type="button"
      aria-pressed={isPressed}
      aria-label={label}
      title={label}
      onClick={(event) => {
        // A card's link covers the card: the heart does not open the listing.
        event.preventDefault();
        event.stopPropagation();
        onToggle();
      }}
      className={`inline-flex items-center justify-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${tone} ${className}`}
    >
      <Heart className={`size-5 ${isPressed ? 'fill-rose-600 text-rose-600' : 'text-slate-700'}`} aria-hidden="true" />
    </button>
  );
}
