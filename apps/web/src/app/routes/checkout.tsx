import { CheckoutPage } from '../../features/payments/components/CheckoutPage';

export function Component() {
  return <CheckoutPage />;
}
