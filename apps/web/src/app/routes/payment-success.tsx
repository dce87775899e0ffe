import { PaymentSuccessPage } from '../../features/payments/components/ResultPages';

export function Component() {
  return <PaymentSuccessPage />;
}
