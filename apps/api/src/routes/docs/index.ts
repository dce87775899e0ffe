import { OpenApiDocument } from '@baan/contract';
import { renderApiDocsPage } from '../../lib/api-docs-page.ts';
import { mediaResponse, type RoutesPlugin } from '../../lib/route-schemas.ts';

/** The API's own description: GET /api/openapi.json (OpenAPI 3.1) and GET /api/docs (the same, as a page). */
const docs: RoutesPlugin = async (app) => {
  let page: string | undefined;

  app.get('/openapi.json', { schema: { response: { 200: OpenApiDocument } } }, async () => app.apiDocument());

  app.get(
    '/docs',
    { schema: { response: { 200: mediaResponse('text/html', 'The OpenAPI document as a page.') } } },
    async (_request, reply) => {
      page ??= renderApiDocsPage(app.apiDocument());
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
};

export default docs;
