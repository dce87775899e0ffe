import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  CreateImportForm,
  CreateImportRequest,
  IMPORT_MESSAGES,
  ImportDetailResponse,
  ImportIdParams,
  ImportListResponse,
  ImportQueuedResponse,
  ImportStoppedResponse,
  ImportUploadFields,
} from '@baan/contract';
import multipart from '@fastify/multipart';
import { ok } from '../../lib/envelope.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { mediaResponse, type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { checkUrl, FetchRefused } from '../../lib/safe-fetch.ts';
import { parse } from '../../lib/validate.ts';
import { templateCsv } from '../../services/imports/import-columns.ts';
import { importMessage } from '../../services/imports/import-messages.ts';
import {
  createImport,
  exportListingsCsv,
  getImport,
  listImports,
  stopImport,
} from '../../services/imports/manage-imports.ts';
import { IMPORT_FILES } from '../../services/imports/run-import.ts';
import { sniffImportFile } from '../../services/imports/sniff-import-file.ts';
import { getSubscriptionSummary } from '../../services/subscriptions/get-subscription-summary.ts';
import { receiveMultipart } from '../../services/uploads/receive-multipart.ts';

const MB = 1024 * 1024;

/** Bulk listings (docs/api.md "Bulk listings"; ADR 030): the template, imports by file or feed, their reports, export. */
const importRoutes: RoutesPlugin = async (app) => {
  await app.register(multipart);
  const limits = app.config.imports;

  app.get(
    '/user/imports/template.csv',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: mediaResponse('text/csv', 'The import template: its header and one example row.') } },
    },
    async (_request, reply) =>
      reply
        .header('Content-Disposition', 'attachment; filename="baan-import-template.csv"')
        .header('Cache-Control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(templateCsv()),
  );

  app.get(
    '/user/properties.csv',
    {
      preHandler: app.authenticate,
      schema: {
        response: { 200: mediaResponse('text/csv', "Every one of the owner's listings in the template's columns.") },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return reply
        .header('Content-Disposition', 'attachment; filename="baan-listings.csv"')
        .header('Cache-Control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(await exportListingsCsv(app.db, app.storage, user.id));
    },
  );

  app.post(
    '/user/imports',
    {
      preHandler: app.authenticate,
      schema: {
        body: readInHandler({ json: CreateImportRequest, form: CreateImportForm }),
        response: { 202: ImportQueuedResponse },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const now = app.clock.now();
      const language = requestLanguage(request);
      // Before any byte of a file is read.
      if (!(await getSubscriptionSummary(app.db, user.id, now)).is_active) throw forbidden(IMPORT_MESSAGES.noPackage);
      let id: number;
      if (request.isMultipart()) {
        const received = await receiveMultipart(request, {
          tmpDir: app.uploadTmpDir,
          budget: app.uploadBudget,
          account: user.id,
          maxFileBytes: limits.maxBytes,
          maxFiles: 1,
          maxFields: 10,
          allowed: ['csv', 'xml'],
          allowedLabel: 'CSV or XML',
          sniff: sniffImportFile,
          fileFields: ['file'],
          messages: {
            wrongType: (name) => IMPORT_MESSAGES.wrongType(name),
            tooLarge: (name) => IMPORT_MESSAGES.tooLarge(name, Math.round(limits.maxBytes / MB)),
          },
        });
        try {
          const fields = parse(ImportUploadFields, received.fields);
          const file = received.files[0];
          if (!file) throw badRequest(IMPORT_MESSAGES.fileRequired, { file: [IMPORT_MESSAGES.fileRequired] });
          const format = fields.format ?? (file.kind === 'xml' ? 'kyero_v3' : 'csv');
          // The run reads the file from storage (any node may run it); it is removed once read.
          const fileKey = `${IMPORT_FILES}/${randomUUID()}.${format === 'csv' ? 'csv' : 'xml'}`;
          await app.storage.put(fileKey, await readFile(file.path), format === 'csv' ? 'text/csv' : 'application/xml');
          id = await createImport(
            app.db,
            user.id,
            { source: 'file', fileKey, fileName: file.filename, format, mode: fields.mode },
            now,
          );
        } finally {
          await received.cleanup();
        }
      } else {
        const body = parse(CreateImportRequest, request.body);
        try {
          // The address itself now (scheme, an IP literal); its name's addresses when the run fetches it.
          checkUrl(body.url, limits.allowedHosts);
        } catch (err) {
          if (!(err instanceof FetchRefused)) throw err;
          const message = importMessage(err.reason === 'bad_url' ? 'fetch_bad_url' : 'fetch_blocked_address', language);
          throw badRequest(message, { url: [message] });
        }
        id = await createImport(app.db, user.id, { source: 'url', ...body }, now);
      }
      app.jobs.nudge();
      request.log.info({ importId: id }, 'import queued');
      return reply.code(202).send(ok({ id, status: 'queued' as const }, IMPORT_MESSAGES.queued));
    },
  );

  app.get(
    '/user/imports',
    { preHandler: app.authenticate, schema: { response: { 200: ImportListResponse } } },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await listImports(app.db, user.id, requestLanguage(request)));
    },
  );

  app.get(
    '/user/imports/:id',
    {
      preHandler: app.authenticate,
      schema: { params: ImportIdParams, response: { 200: ImportDetailResponse } },
      config: { input: { notFound: IMPORT_MESSAGES.notFound } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return ok(await getImport(app.db, user.id, request.params.id, requestLanguage(request)));
    },
  );

  app.delete(
    '/user/imports/:id',
    {
      preHandler: app.authenticate,
      schema: { params: ImportIdParams, response: { 200: ImportStoppedResponse } },
      config: { input: { notFound: IMPORT_MESSAGES.notFound } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const stopped = await stopImport(app.db, user.id, request.params.id, app.clock.now(), requestLanguage(request));
      return ok(stopped, IMPORT_MESSAGES.stopped);
    },
  );
};

export default importRoutes;
