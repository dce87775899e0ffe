import { OrderSuccessPage } from '../../features/payments/components/ResultPages';

export const handle = { i18n: ['payments'] };

export function Component() {
  return <OrderSuccessPage />;
}

export default Component;
