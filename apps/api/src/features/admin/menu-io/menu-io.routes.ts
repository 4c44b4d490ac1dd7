import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MenuDocument, MenuImportQuery, MenuImportResult } from '@dasturxon/domain/contracts';
import type { Db } from '@dasturxon/db';
import { actorOf, adminErrors, adminOf, adminSecurity, adminTags } from '../admin-kernel.ts';
import { csvToDocument } from './csv.ts';
import { exportMenu, parseDocument, runImport } from './menu-io.ts';

/** The JSON Schema of the menu document (docs/menu-import.schema.json is this, checked by a test to be current). */
export const menuDocumentJsonSchema = () => z.toJSONSchema(MenuDocument, { io: 'input', target: 'draft-2020-12' });

export const menuIoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // A CSV (or plain text) body is read as it is; JSON as usual. Scoped to these routes (an encapsulated plugin).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 10 * 1024 * 1024 }, (_r, body, done) =>
    done(null, body),
  );

  app.get(
    '/admin/v1/menu/export',
    {
      config: adminOf('menu'),
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: "The brand's whole menu as one document",
        description:
          'Groups, categories, products with their modification groups, options and availability per branch; every object with its id. POST it back to /menu/import (changed or not) to update the menu.',
        response: { 200: MenuDocument, ...adminErrors },
      },
    },
    async (request, reply) => {
      void reply.header('content-disposition', 'attachment; filename="menu.json"');
      return exportMenu(db, actorOf(request).merchantId);
    },
  );

  app.get(
    '/admin/v1/menu/schema',
    {
      config: adminOf('menu'),
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'The JSON Schema of the menu document',
        response: { 200: z.record(z.string(), z.unknown()), ...adminErrors },
      },
    },
    async () => menuDocumentJsonSchema(),
  );

  app.post(
    '/admin/v1/menu/import',
    {
      config: adminOf('menu'),
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Imports a menu document (JSON) or a CSV of products, all or nothing',
        description:
          'The body: a menu document as /menu/export answers it and /menu/schema describes it, or (Content-Type text/csv, or format=csv) a CSV of products. ' +
          'Objects with an id update that object of the brand (an id the brand has not answers 404); objects without one are created. ' +
          '`dryRun=true` answers the changes and writes nothing; otherwise they are all made in one transaction, each audited as `import`. ' +
          '`mode=replace` also archives the products and categories the document does not name. Every problem is named with its path (or CSV line): 400 VALIDATION_FAILED.',
        querystring: MenuImportQuery,
        body: z.unknown().describe('A menu document (application/json) or a CSV of products (text/csv)'),
        response: { 200: MenuImportResult, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { dryRun, mode, format } = request.query;
      const isCsv = format === 'csv' || typeof request.body === 'string';
      const read = isCsv
        ? await csvToDocument(db, actor.merchantId, typeof request.body === 'string' ? request.body : '')
        : { doc: request.body, label: undefined };
      const doc = parseDocument(read.doc, read.label);
      return db
        .transaction(async (tx) => {
          const result = await runImport(tx, actor, doc, {
            dryRun,
            mode: isCsv ? 'merge' : mode,
            ...(read.label ? { label: read.label } : {}),
          });
          // A dry run reads under the same locks and then rolls back: nothing it did stays.
          if (dryRun) throw new DryRunDone(result);
          return result;
        })
        .catch((error: unknown) => {
          if (error instanceof DryRunDone) return error.result;
          throw error;
        });
    },
  );
};

class DryRunDone extends Error {
  constructor(readonly result: MenuImportResult) {
    super('dry run');
  }
}
