import { OrderSuccessPage } from '../../features/payments/components/ResultPages';

export function Component() {
  return <OrderSuccessPage />;
}
