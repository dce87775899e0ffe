import type { PropertyStatus } from '@baan/contract';

/** Each status's label key (dashboard namespace): a status added to the contract does not compile until it has one. */
export const STATUS_LABELS = {
  active: 'myListings.status.active',
  paused: 'myListings.status.paused',
  sold: 'myListings.status.sold',
  rented: 'myListings.status.rented',
  hidden: 'myListings.status.hidden',
} as const satisfies Record<PropertyStatus, string>;

/** The badge of each status on a card (text and background pass WCAG AA contrast). */
export const STATUS_BADGES = {
  active: 'bg-emerald-100 text-emerald-900',
  paused: 'bg-slate-200 text-slate-800',
  sold: 'bg-rose-100 text-rose-900',
  rented: 'bg-indigo-100 text-indigo-900',
  hidden: 'bg-amber-100 text-amber-950',
} as const satisfies Record<PropertyStatus, string>;
