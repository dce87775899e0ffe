import { z } from 'zod';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every /api route, generated from the routes'
 * contract schemas. It is the document itself, not wrapped in the envelope, so tools read it as is.
 */
export const OpenApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;
