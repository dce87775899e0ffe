import { type CreateImportRequest, ImportDetail, ImportSummary } from '@baan/contract';
import { z } from 'zod';
import { api } from '../../../lib/api';

const ImportList = z.array(ImportSummary);

/** Bulk imports (docs/api.md "Bulk listings"): the owner's imports, one import's report, a new import, stopping a feed. */
export const importsApi = api.enhanceEndpoints({ addTagTypes: ['Import'] }).injectEndpoints({
  endpoints: (build) => ({
    getImports: build.query<ImportSummary[], void>({
      query: () => '/user/imports',
      responseSchema: ImportList,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
      providesTags: ['Import'],
    }),
    getImport: build.query<ImportDetail, number>({
      query: (id) => `/user/imports/${id}`,
      responseSchema: ImportDetail,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
      providesTags: (_r, _e, id) => [{ type: 'Import', id }],
    }),
    uploadImport: build.mutation<{ id: number; status: 'queued' }, FormData>({
      query: (body) => ({ url: '/user/imports', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Import']),
    }),
    importFeed: build.mutation<{ id: number; status: 'queued' }, CreateImportRequest>({
      query: (body) => ({ url: '/user/imports', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Import']),
    }),
    stopImport: build.mutation<ImportSummary, number>({
      query: (id) => ({ url: `/user/imports/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Import']),
    }),
  }),
});

export const {
  useGetImportsQuery,
  useGetImportQuery,
  useUploadImportMutation,
  useImportFeedMutation,
  useStopImportMutation,
} = importsApi;
