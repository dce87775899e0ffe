import { OtpScreen } from '../../features/auth/components/OtpScreen';

export const handle = { i18n: ['auth'] };

export const Component = OtpScreen;

export default Component;
