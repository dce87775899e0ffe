import { SelectPackagePlaceholder } from '../../features/auth/components/SelectPackagePlaceholder';

export const Component = SelectPackagePlaceholder;
