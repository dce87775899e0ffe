import type { LoginPayload, OtpType, RegisterRequestInput, UpdateNameRequest, User } from '@baan/contract';
import { api } from '../../../lib/api';
import { deviceTokenHeaders, keepDeviceToken } from '../device-token';

export type NewPasswordBody = {
  email: string;
  password: string;
  password_confirmation: string;
  verification_token: string;
};
export type ChangePasswordBody = {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
};

/** Keeps the device token a successful answer handed back for the account (ADR 019). */
async function keepToken(email: string, fulfilled: Promise<{ meta?: { headers?: Headers } }>) {
  try {
    keepDeviceToken(email, (await fulfilled).meta?.headers);
  } catch {
    // The call failed: the screen shows why; no token came.
  }
}

/** The account calls of docs/api.md. Answers resolve to the envelope's payload. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginPayload, { email: string; password: string; remember: boolean }>({
      // This browser's device token for the account, so limits others spent do not refuse it (ADR 019).
      query: (body) => ({ url: '/login', method: 'POST', body, headers: deviceTokenHeaders(body.email) }),
      onQueryStarted: (body, { queryFulfilled }) => keepToken(body.email, queryFulfilled),
    }),
    register: build.mutation<User, RegisterRequestInput>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    resendOtp: build.mutation<null, { email: string; type: OtpType }>({
      query: (body) => ({ url: '/resendOtp', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<string | null, { email: string; otp: string; type: OtpType; phone_number?: string }>({
      query: (body) => ({ url: '/verifyOtp', method: 'POST', body }),
      onQueryStarted: (body, { queryFulfilled }) => keepToken(body.email, queryFulfilled),
    }),
    newPassword: build.mutation<null, NewPasswordBody>({
      query: (body) => ({ url: '/newPassword', method: 'POST', body }),
      onQueryStarted: (body, { queryFulfilled }) => keepToken(body.email, queryFulfilled),
    }),
    currentUser: build.query<User, void>({
      query: () => ({ url: '/user' }),
    }),
    updateProfile: build.mutation<User, UpdateNameRequest>({
      query: (body) => ({ url: '/update/profile', method: 'POST', body }),
    }),
    uploadProfileImage: build.mutation<User, FormData>({
      query: (body) => ({ url: '/update/profile', method: 'POST', body }),
    }),
    /** ADR 036: a 6-digit code by SMS to the number, then the code back; the answers carry no payload. */
    sendPhoneCode: build.mutation<null, { phone_number: string }>({
      query: (body) => ({ url: '/user/phone/send-code', method: 'POST', body }),
    }),
    verifyPhone: build.mutation<null, { code: string }>({
      query: (body) => ({ url: '/user/phone/verify', method: 'POST', body }),
    }),
    changePassword: build.mutation<User & { token: string }, ChangePasswordBody>({
      query: (body) => ({ url: '/update/profile', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useResendOtpMutation,
  useVerifyOtpMutation,
  useNewPasswordMutation,
  useUpdateProfileMutation,
  useUploadProfileImageMutation,
  useChangePasswordMutation,
  useSendPhoneCodeMutation,
  useVerifyPhoneMutation,
} = authApi;
