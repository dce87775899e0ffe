import { LoginScreen } from '../../features/auth/components/LoginScreen';

export const handle = { i18n: ['auth'] };

export const Component = LoginScreen;

export default Component;
