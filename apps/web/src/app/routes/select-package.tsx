import { SelectPackagePage } from '../../features/payments/components/SelectPackagePage';

export function Component() {
  return <SelectPackagePage />;
}
