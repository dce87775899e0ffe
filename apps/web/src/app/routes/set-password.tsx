import { SetPasswordScreen } from '../../features/auth/components/SetPasswordScreen';

export const handle = { i18n: ['auth'] };

export const Component = SetPasswordScreen;

export default Component;
