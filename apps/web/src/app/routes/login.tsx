import { LoginScreen } from '../../features/auth/components/LoginScreen';

export const Component = LoginScreen;
