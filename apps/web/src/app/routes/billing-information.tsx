import { BillingInformationPage } from '../../features/payments/components/BillingInformationPage';

export const handle = { i18n: ['payments'] };

export function Component() {
  return <BillingInformationPage />;
}

export default Component;
