import { SignupScreen } from '../../features/auth/components/SignupScreen';

export const handle = { i18n: ['auth'] };

export const Component = SignupScreen;

export default Component;
