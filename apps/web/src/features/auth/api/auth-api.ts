import type { LoginPayload, OtpType, RegisterRequestInput, UpdateNameRequest, User } from '@baan/contract';
import { api } from '../../../lib/api';

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

/** The account calls of docs/api.md. Answers resolve to the envelope's payload. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginPayload, { email: string; password: string; remember: boolean }>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    register: build.mutation<User, RegisterRequestInput>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    resendOtp: build.mutation<null, { email: string; type: OtpType }>({
      query: (body) => ({ url: '/resendOtp', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<string | null, { email: string; otp: string; type: OtpType; phone_number?: string }>({
      query: (body) => ({ url: '/verifyOtp', method: 'POST', body }),
    }),
    newPassword: build.mutation<null, NewPasswordBody>({
      query: (body) => ({ url: '/newPassword', method: 'POST', body }),
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
} = authApi;
