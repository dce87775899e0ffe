import type {
  ContactRequest,
  Inquiry,
  InquiryPage,
  InquiryRequest,
  InquiryStatus,
  UpdateInquiryRequest,
} from '@baan/contract';
import { api } from '../../../lib/api';

export interface InquiriesArgs {
  propertyId?: number;
  status?: InquiryStatus;
  page: number;
  perPage?: number;
}

/** The sidebar badge's query: one item is enough, it reads `counts` (over all the owner's inquiries). */
export const INQUIRY_COUNTS_ARGS: InquiriesArgs = { page: 1, perPage: 1 };

export const contactApi = api.enhanceEndpoints({ addTagTypes: ['Inquiry'] }).injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<unknown, ContactRequest>({
      query: (body) => ({ url: '/contact-us', method: 'POST', body }),
    }),
    sendInquiry: build.mutation<unknown, { propertyId: number; body: InquiryRequest }>({
      query: ({ propertyId, body }) => ({ url: `/property/${propertyId}/inquiry`, method: 'POST', body }),
      invalidatesTags: ['Inquiry'],
    }),
    getUserInquiries: build.query<InquiryPage, InquiriesArgs>({
      query: ({ propertyId, status, page, perPage }) => {
        const params = new URLSearchParams({ page: String(page) });
        if (propertyId) params.set('property_id', String(propertyId));
        if (status) params.set('status', status);
        if (perPage) params.set('per_page', String(perPage));
        return `/user/inquiries?${params}`;
      },
      providesTags: ['Inquiry'],
    }),
    /** Lead tracking: a new status and, when given, the private note. Every inquiry list (and the badge) reloads. */
    updateInquiry: build.mutation<Inquiry, { id: number; body: UpdateInquiryRequest }>({
      query: ({ id, body }) => ({ url: `/user/inquiries/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Inquiry'],
    }),
  }),
});

export const {
  useSendContactMessageMutation,
  useSendInquiryMutation,
  useGetUserInquiriesQuery,
  useUpdateInquiryMutation,
} = contactApi;

/** How many inquiries are still new, for the dashboard sidebar's badge (undefined until known). */
export function useNewInquiryCount(): number | undefined {
  const { data } = useGetUserInquiriesQuery(INQUIRY_COUNTS_ARGS);
  return data?.counts?.new;
}
