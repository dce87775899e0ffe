import type {
  ADMIN_LISTING_FILTERS,
  AdminJob,
  AdminJobPage,
  AdminMessagesPage,
  AdminPackage,
  AdminPayment,
  AdminPrivacyRequestPage,
  AdminProject,
  AdminProjectFields,
  AdminProjectPage,
  AdminProjectUpdate,
  AdminProperty,
  AdminPropertyAction,
  AdminPropertyPage,
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
  AdminVerification,
  AdminVerificationPage,
  AuditAction,
  AuditPage,
  HomeSettings,
  JobState,
  MessageKind,
  PaymentStatus,
  PrivacyRequestStatus,
  PrivacyRequestType,
} from '@baan/contract';
import { api } from '../../../lib/api';

export type ReviewStatus = Extract<PaymentStatus, 'pending' | 'approved' | 'rejected'>;

export interface PropertiesArgs {
  q?: string;
  /** A status, `pending` (waiting for review, any status) or all. */
  status: (typeof ADMIN_LISTING_FILTERS)[number];
  page: number;
}
export interface UsersArgs {
  q?: string;
  page: number;
}
export interface MessagesArgs {
  kind: MessageKind;
  q?: string;
  page: number;
}
export interface AuditArgs {
  action?: AuditAction;
  page: number;
}
export interface PrivacyRequestsArgs {
  type?: PrivacyRequestType;
  status?: PrivacyRequestStatus;
  page: number;
}
export interface ProjectsArgs {
  q?: string;
  review: 'all' | 'approved' | 'pending';
  page: number;
}
export interface JobsArgs {
  state: JobState;
  page: number;
}
export interface PackageFields {
  name: string;
  price: number;
  features: string[];
  /** How many listings a subscriber may feature at once. */
  featured_quota: number;
}

/** A query string without empty values. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const TAGS = [
  'AdminPayment',
  'AdminProperty',
  'AdminUser',
  'AdminPackage',
  'AdminMessage',
  'AdminAudit',
  'AdminJob',
  'AdminSettings',
  'AdminProject',
  'AdminVerification',
] as const;

/**
 * The admin console's calls (docs/api.md "Contact and admin"). Every action invalidates the audit log, and what
 * else it changes: a payment review touches the user's subscription, a listing action the user's listings.
 */
export const adminApi = api.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getAdminPayments: build.query<AdminPayment[], ReviewStatus>({
      query: (status) => `/admin/payments${queryString({ status })}`,
      providesTags: (_result, _error, status) => [{ type: 'AdminPayment', id: status }],
    }),
    approvePayment: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/payments/${id}/approve`, method: 'POST' }),
      invalidatesTags: [{ type: 'AdminPayment', id: 'approved' }, 'AdminUser', 'AdminAudit'],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        await removePendingPayment(id, dispatch, queryFulfilled);
      },
    }),
    rejectPayment: build.mutation<unknown, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/payments/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: [{ type: 'AdminPayment', id: 'rejected' }, 'AdminAudit'],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        await removePendingPayment(id, dispatch, queryFulfilled);
      },
    }),

    getAdminVerifications: build.query<AdminVerification[], ReviewStatus>({
      query: (status) => `/admin/verifications${queryString({ status })}`,
      transformResponse: (page: AdminVerificationPage) => page.items,
      providesTags: (_result, _error, status) => [{ type: 'AdminVerification', id: status }],
    }),
    approveVerification: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/verifications/${id}/approve`, method: 'POST' }),
      invalidatesTags: ['AdminVerification', 'AdminProperty', 'AdminAudit'],
    }),
    rejectVerification: build.mutation<unknown, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/verifications/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['AdminVerification', 'AdminAudit'],
    }),

    getAdminProperties: build.query<AdminPropertyPage, PropertiesArgs>({
      query: ({ q, status, page }) => `/admin/properties${queryString({ q, status, page })}`,
      providesTags: ['AdminProperty'],
    }),
    propertyAction: build.mutation<AdminProperty, { id: number; action: AdminPropertyAction }>({
      query: ({ id, action }) => ({ url: `/admin/properties/${id}/${action}`, method: 'POST' }),
      // The row is replaced in place from the answer (a hidden listing stays on screen with its new badge).
      invalidatesTags: ['AdminUser', 'AdminAudit'],
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        await replaceProperty(dispatch, getState, queryFulfilled);
      },
    }),
    /** Moderation: the listing stays unpublished and the owner is mailed the reason. */
    rejectProperty: build.mutation<AdminProperty, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/properties/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['AdminUser', 'AdminAudit'],
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        await replaceProperty(dispatch, getState, queryFulfilled);
      },
    }),
    deleteAdminProperty: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/properties/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminProperty', 'AdminUser', 'AdminAudit'],
    }),

    getAdminUsers: build.query<AdminUserPage, UsersArgs>({
      query: ({ q, page }) => `/admin/users${queryString({ q, page })}`,
      providesTags: ['AdminUser'],
    }),
    getAdminUser: build.query<AdminUserDetail, number>({
      query: (id) => `/admin/users/${id}`,
      providesTags: ['AdminUser'],
    }),
    setUserDisabled: build.mutation<AdminUser, { id: number; disabled: boolean }>({
      query: ({ id, disabled }) => ({ url: `/admin/users/${id}/${disabled ? 'disable' : 'enable'}`, method: 'POST' }),
      // Disabling hides the user's listings, so the listings table changes too.
      invalidatesTags: ['AdminUser', 'AdminProperty', 'AdminAudit'],
    }),

    getAdminPackages: build.query<AdminPackage[], void>({
      query: () => '/admin/packages',
      providesTags: ['AdminPackage'],
    }),
    createPackage: build.mutation<AdminPackage, PackageFields>({
      query: (body) => ({ url: '/admin/packages', method: 'POST', body }),
      invalidatesTags: ['AdminPackage', 'AdminAudit'],
    }),
    updatePackage: build.mutation<AdminPackage, { id: number } & Partial<PackageFields>>({
      query: ({ id, ...body }) => ({ url: `/admin/packages/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['AdminPackage', 'AdminUser', 'AdminAudit'],
    }),
    retirePackage: build.mutation<AdminPackage, number>({
      query: (id) => ({ url: `/admin/packages/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminPackage', 'AdminAudit'],
    }),

    getAdminProjects: build.query<AdminProjectPage, ProjectsArgs>({
      query: ({ q, review, page }) => `/admin/projects${queryString({ q, review, page })}`,
      providesTags: ['AdminProject'],
    }),
    createProject: build.mutation<AdminProject, AdminProjectFields>({
      query: (body) => ({ url: '/admin/projects', method: 'POST', body }),
      invalidatesTags: ['AdminProject', 'AdminAudit'],
    }),
    updateProject: build.mutation<AdminProject, { id: number; fields: AdminProjectUpdate }>({
      query: ({ id, fields }) => ({ url: `/admin/projects/${id}`, method: 'PATCH', body: fields }),
      invalidatesTags: ['AdminProject', 'AdminAudit'],
    }),
    approveProject: build.mutation<AdminProject, number>({
      query: (id) => ({ url: `/admin/projects/${id}/approve`, method: 'POST' }),
      invalidatesTags: ['AdminProject', 'AdminAudit'],
    }),
    deleteProject: build.mutation<unknown, number>({
      query: (id) => ({ url: `/admin/projects/${id}`, method: 'DELETE' }),
      // Its listings no longer name it.
      invalidatesTags: ['AdminProject', 'AdminProperty', 'AdminAudit'],
    }),
    mergeProject: build.mutation<AdminProject, { id: number; into_id: number }>({
      query: ({ id, into_id }) => ({ url: `/admin/projects/${id}/merge`, method: 'POST', body: { into_id } }),
      invalidatesTags: ['AdminProject', 'AdminProperty', 'AdminAudit'],
    }),

    getAdminMessages: build.query<AdminMessagesPage, MessagesArgs>({
      query: ({ kind, q, page }) => `/admin/messages${queryString({ kind, q, page })}`,
      providesTags: ['AdminMessage'],
    }),

    getAdminJobs: build.query<AdminJobPage, JobsArgs>({
      query: ({ state, page }) => `/admin/jobs${queryString({ state, page })}`,
      providesTags: ['AdminJob'],
    }),
    /** Queues a dead or waiting job again: every list of jobs (and their counts) and the audit log change. */
    retryJob: build.mutation<AdminJob, number>({
      query: (id) => ({ url: `/admin/jobs/${id}/retry`, method: 'POST' }),
      invalidatesTags: ['AdminJob', 'AdminAudit'],
    }),

    getHomeSettings: build.query<HomeSettings, void>({
      query: () => '/admin/settings/home',
      providesTags: ['AdminSettings'],
    }),
    /** Saves the home page's headline per language (blank: the default shows). */
    updateHomeSettings: build.mutation<HomeSettings, { hero_title: Record<string, string> }>({
      query: (body) => ({ url: '/admin/settings/home', method: 'PUT', body }),
      invalidatesTags: ['AdminSettings', 'AdminAudit'],
    }),

    getAudit: build.query<AuditPage, AuditArgs>({
      query: ({ action, page }) => `/admin/audit${queryString({ action, page })}`,
      providesTags: ['AdminAudit'],
    }),
    // The people's PDPA requests (ADR 023): read only; people make them, the console records them.
    getPrivacyRequests: build.query<AdminPrivacyRequestPage, PrivacyRequestsArgs>({
      query: ({ type, status, page }) => `/admin/privacy-requests${queryString({ type, status, page })}`,
    }),
  }),
});

/**
 * Puts an admin's answer in every cached page of listings: the row in place, except in the review queue, which a
 * listing leaves once it is reviewed.
 */
async function replaceProperty(
  dispatch: (action: unknown) => unknown,
  getState: () => unknown,
  queryFulfilled: Promise<{ data: AdminProperty }>,
): Promise<void> {
  let updated: AdminProperty;
  try {
    updated = (await queryFulfilled).data;
  } catch {
    return;
  }
  const state = getState() as Parameters<typeof adminApi.util.selectCachedArgsForQuery>[0];
  for (const args of adminApi.util.selectCachedArgsForQuery(state, 'getAdminProperties')) {
    dispatch(
      adminApi.util.updateQueryData('getAdminProperties', args, (draft) => {
        const index = draft.items.findIndex((item) => item.id === updated.id);
        if (index < 0) return;
        if (args.status === 'pending' && updated.review !== 'pending') {
          draft.items.splice(index, 1);
          draft.total = Math.max(0, draft.total - 1);
        } else {
          draft.items[index] = updated;
        }
      }),
    );
  }
}

async function removePendingPayment(
  id: number,
  dispatch: (action: unknown) => unknown,
  queryFulfilled: Promise<unknown>,
): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  dispatch(
    adminApi.util.updateQueryData('getAdminPayments', 'pending', (list) => list.filter((payment) => payment.id !== id)),
  );
}

export const {
  useGetAdminVerificationsQuery,
  useApproveVerificationMutation,
  useRejectVerificationMutation,
  useGetAdminPaymentsQuery,
  useApprovePaymentMutation,
  useRejectPaymentMutation,
  useGetAdminPropertiesQuery,
  usePropertyActionMutation,
  useRejectPropertyMutation,
  useDeleteAdminPropertyMutation,
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useSetUserDisabledMutation,
  useGetAdminPackagesQuery,
  useCreatePackageMutation,
  useUpdatePackageMutation,
  useRetirePackageMutation,
  useGetAdminMessagesQuery,
  useGetAdminProjectsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useApproveProjectMutation,
  useDeleteProjectMutation,
  useMergeProjectMutation,
  useGetAdminJobsQuery,
  useRetryJobMutation,
  useGetHomeSettingsQuery,
  useUpdateHomeSettingsMutation,
  useGetAuditQuery,
  useGetPrivacyRequestsQuery,
} = adminApi;
