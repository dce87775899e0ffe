import { OtpScreen } from '../../features/auth/components/OtpScreen';

export const Component = OtpScreen;
