import { BillingInformationPage } from '../../features/payments/components/BillingInformationPage';

export function Component() {
  return <BillingInformationPage />;
}
