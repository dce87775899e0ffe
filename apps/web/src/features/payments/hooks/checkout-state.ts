import { type BillingForm, englishNumber, type Package } from '@baan/contract';

/** What travels in navigation state from package choice to billing to checkout (spec section 2). */
export type CheckoutState = {
  selectedPackage: Package;
  userId: number | string;
  billing?: BillingForm;
};

function isPackage(value: unknown): value is Package {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Package).id === 'number' &&
    typeof (value as Package).price === 'number' &&
    typeof (value as Package).name === 'string'
  );
}

/** The state when it has both a package and a user id; anything else sends the visitor back to choose. */
export function readCheckoutState(state: unknown): CheckoutState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { selectedPackage, userId, billing } = state as Record<string, unknown>;
  if (!isPackage(selectedPackage)) return null;
  if (typeof userId !== 'number' && (typeof userId !== 'string' || userId === '')) return null;
  return { selectedPackage, userId, billing: billing as BillingForm | undefined };
}

/** en-US thousands separators, as the spec asks for prices. */
export const formatBaht = (amount: number) => englishNumber(amount);
