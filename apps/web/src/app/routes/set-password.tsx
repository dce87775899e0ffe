import { SetPasswordScreen } from '../../features/auth/components/SetPasswordScreen';

export const Component = SetPasswordScreen;
