import { PaymentSuccessPage } from '../../features/payments/components/ResultPages';

export const handle = { i18n: ['payments'] };

export function Component() {
  return <PaymentSuccessPage />;
}

export default Component;
