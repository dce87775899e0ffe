import { SignupScreen } from '../../features/auth/components/SignupScreen';

export const Component = SignupScreen;
