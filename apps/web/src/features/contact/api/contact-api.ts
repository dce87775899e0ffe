import type { ContactRequest, InquiryPage, InquiryRequest } from '@baan/contract';
import { api } from '../../../lib/api';

export interface InquiriesArgs {
  propertyId?: number;
  page: number;
  perPage?: number;
}

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
      query: ({ propertyId, page, perPage }) => {
        const params = new URLSearchParams({ page: String(page) });
        if (propertyId) params.set('property_id', String(propertyId));
        if (perPage) params.set('per_page', String(perPage));
        return `/user/inquiries?${params}`;
      },
      providesTags: ['Inquiry'],
    }),
  }),
});

export const { useSendContactMessageMutation, useSendInquiryMutation, useGetUserInquiriesQuery } = contactApi;
