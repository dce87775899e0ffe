import { CheckoutPage } from '../../features/payments/components/CheckoutPage';

export const handle = { i18n: ['payments'] };

export function Component() {
  return <CheckoutPage />;
}

export default Component;
