import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, POLICY_TYPES, type LocalizedText, type PolicyType } from '@dasturxon/domain';
import { AdminPolicy, AdminPolicyList, PolicyParams, PolicyWrite, VersionQuery } from '@dasturxon/domain/contracts';
import { companyPolicies, pgErrorCode, PG_ERROR, type Db } from '@dasturxon/db';
import { actorOf, adminErrors, adminOf, adminSecurity, audit, checkVersion, NoContent } from '../admin-kernel.ts';

type PolicyRow = typeof companyPolicies.$inferSelect;

const tags = ['admin: content'];
const config = adminOf('content');
const LANGS = ['ru', 'uz', 'eng'] as const;

const policyView = (kind: PolicyType, row: PolicyRow | null | undefined): AdminPolicy => {
  const text = (row?.text ?? {}) as Record<string, string>;
  return {
    kind,
    version: row?.version ?? 0,
    exists: Boolean(row),
    text,
    missing: LANGS.filter((lang) => !text[lang]?.trim()),
  };
};

/** The text as kept: each language written, trimmed at its ends; the empty ones left out. */
function written(text: LocalizedText): LocalizedText {
  const out: LocalizedText = {};
  for (const lang of LANGS) {
    const value = text[lang]?.trim();
    if (value) out[lang] = value;
  }
  return out;
}

const whereKind = (merchantId: string, kind: PolicyType) => and(eq(companyPolicies.merchantId, merchantId), eq(companyPolicies.type, kind));

/**
 * The brand's policy pages (issue 28), under `/api/admin/v1/policies`: the public offer and terms (`TERMS`, the
 * storefront's /offerta), the privacy policy (`PRIVACY_POLICY`, /privacy) and the page about the brand
 * (`ABOUT_COMPANY`, /about), each a text in ru, uz and eng. A page is keyed by its kind: version 0 creates one the brand
 * lacks; every write is versioned and audited as `policy` with the kind as its id.
 */
export const adminPolicyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/v1/policies',
    {
      config,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'The three policy pages, those the brand lacks too (version 0), with the languages each is not written in',
        response: { 200: AdminPolicyList, ...adminErrors },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(companyPolicies)
        .where(eq(companyPolicies.merchantId, actorOf(request).merchantId));
      return {
        content: POLICY_TYPES.map((kind) =>
          policyView(
            kind,
            rows.find((r) => r.type === kind),
          ),
        ),
      };
    },
  );

  app.put(
    '/admin/v1/policies/:kind',
    {
      config,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Write a policy page',
        description:
          'The text in ru, uz and eng (plain paragraphs, an empty line between two). `version` is the one read: 0 for a page the brand ' +
          'does not have yet; a stale one answers 409 VERSION_CONFLICT with the current version.',
        params: PolicyParams,
        body: PolicyWrite,
        response: { 200: AdminPolicy, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { kind } = request.params;
      const { version, text } = request.body;
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx.select().from(companyPolicies).where(whereKind(actor.merchantId, kind)).limit(1).for('update');
          let after: PolicyRow;
          if (version === 0) {
            if (before) throw new AppError('VERSION_CONFLICT', { expected: 0, current: before.version });
            [after] = (await tx
              .insert(companyPolicies)
              .values({ merchantId: actor.merchantId, type: kind, text: written(text) })
              .returning()) as [PolicyRow];
          } else {
            checkVersion(before, version);
            [after] = (await tx
              .update(companyPolicies)
              .set({ text: written(text), version: sql`${companyPolicies.version} + 1` })
              .where(and(whereKind(actor.merchantId, kind), eq(companyPolicies.version, version)))
              .returning()) as [PolicyRow];
          }
          await audit(tx, actor, {
            objectType: 'policy',
            objectId: kind,
            action: before ? 'update' : 'create',
            before: before ? policyView(kind, before) : null,
            after: policyView(kind, after),
          });
          return policyView(kind, after);
        });
      } catch (error) {
        // Two first saves at once: the second finds the page made meanwhile.
        if (pgErrorCode(error) === PG_ERROR.UNIQUE_VIOLATION) throw new AppError('VERSION_CONFLICT', { expected: 0 });
        throw error;
      }
    },
  );

  app.delete(
    '/admin/v1/policies/:kind',
    {
      config,
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Remove a policy page (the storefront then shows the page as unavailable)',
        params: PolicyParams,
        querystring: VersionQuery,
        response: { 204: NoContent, ...adminErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { kind } = request.params;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(companyPolicies).where(whereKind(actor.merchantId, kind)).limit(1).for('update');
        checkVersion(before, request.query.version);
        await tx.delete(companyPolicies).where(whereKind(actor.merchantId, kind));
        await audit(tx, actor, { objectType: 'policy', objectId: kind, action: 'delete', before: policyView(kind, before) });
      });
      return reply.code(204).send(null);
    },
  );
};
