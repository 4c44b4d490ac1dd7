import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, PAYMENT_PROVIDERS, type PaymentProvider } from '@dasturxon/domain';
import {
  AdminPaymentAccount,
  AdminPaymentAccountList,
  ClickAccountWrite,
  PaymeAccountWrite,
  UzumAccountWrite,
} from '@dasturxon/domain/contracts';
import {
  createSecretBox,
  DEV_PAYMENT_SECRETS_KEY,
  openPaymentAccount,
  paymeActiveKey,
  paymentAccounts,
  sealPaymentAccount,
  type ClickCredentials,
  type Db,
  type PaymeCredentials,
  type PaymentAccount,
  type SecretBox,
  type UzumCredentials,
} from '@dasturxon/db';
import { actorOf, adminErrors, adminOf, adminSecurity, audit } from '../admin-kernel.ts';

type AccountRow = typeof paymentAccounts.$inferSelect;

const tags = ['admin: payment accounts'];
const config = adminOf('paymentAccounts');

/** What each provider's write carries, and how it becomes the account (the stored secrets kept where none is sent). */
interface ProviderWrite<S extends z.ZodType> {
  path: string;
  body: S;
  /** The new credentials from the write and the stored ones (null: none, or they do not open). */
  merge(body: z.output<S>, old: PaymentAccount['credentials'] | null): PaymentAccount['credentials'];
  /** The secrets a write replaces or removes, by name (for the audit log: their names, never their values). */
  secrets: readonly string[];
  /** The field naming the secret the provider calls with now, when an active account lacks it. */
  missingSecret(credentials: PaymentAccount['credentials']): string | null;
}

/** A secret of a write: left out keeps the stored one, null removes it, a text replaces it. */
const secretOf = (sent: string | null | undefined, stored: string | undefined): string =>
  sent === undefined ? (stored ?? '') : (sent ?? '');

const WRITES: {
  [P in PaymentProvider]: ProviderWrite<
    P extends 'PAYME' ? typeof PaymeAccountWrite : P extends 'CLICK' ? typeof ClickAccountWrite : typeof UzumAccountWrite
  >;
} = {
  PAYME: {
    path: 'payme',
    body: PaymeAccountWrite,
    secrets: ['key', 'testKey'],
    merge: (b, old) => {
      const o = old as PaymeCredentials | null;
      return { cashboxId: b.cashboxId, testMode: b.testMode, key: secretOf(b.key, o?.key), testKey: secretOf(b.testKey, o?.testKey) };
    },
    missingSecret: (c) => (paymeActiveKey(c as PaymeCredentials) ? null : (c as PaymeCredentials).testMode ? 'testKey' : 'key'),
  },
  CLICK: {
    path: 'click',
    body: ClickAccountWrite,
    secrets: ['secretKey'],
    merge: (b, old) => ({
      serviceId: b.serviceId,
      merchantId: b.merchantId,
      merchantUserId: b.merchantUserId,
      secretKey: secretOf(b.secretKey, (old as ClickCredentials | null)?.secretKey),
    }),
    missingSecret: (c) => ((c as ClickCredentials).secretKey ? null : 'secretKey'),
  },
  UZUM: {
    path: 'uzum',
    body: UzumAccountWrite,
    secrets: ['password'],
    merge: (b, old) => ({
      serviceId: b.serviceId,
      login: b.login,
      password: secretOf(b.password, (old as UzumCredentials | null)?.password),
    }),
    missingSecret: (c) => ((c as UzumCredentials).password ? null : 'password'),
  },
};

/** The account of a row, opened; null when the row does not open (sealed under another PAYMENT_SECRETS_KEY). */
function opened(box: SecretBox, row: AccountRow): PaymentAccount | null {
  try {
    return openPaymentAccount(box, row);
  } catch {
    return null;
  }
}

/** An account as the back office reads it: its ids and whether each secret is set, never a secret. */
function viewOf(provider: PaymentProvider, row: AccountRow | null, account: PaymentAccount | null): AdminPaymentAccount {
  const common = {
    version: row?.version ?? 0,
    configured: row !== null,
    isActive: row?.isActive ?? false,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
  switch (provider) {
    case 'PAYME': {
      const c = account?.provider === 'PAYME' ? account.credentials : null;
      return {
        provider,
        ...common,
        secretSet: c ? Boolean(paymeActiveKey(c)) : false,
        cashboxId: c?.cashboxId ?? '',
        testMode: c?.testMode ?? false,
        keySet: Boolean(c?.key),
        testKeySet: Boolean(c?.testKey),
      };
    }
    case 'CLICK': {
      const c = account?.provider === 'CLICK' ? account.credentials : null;
      return {
        provider,
        ...common,
        secretSet: Boolean(c?.secretKey),
        serviceId: c?.serviceId ?? '',
        merchantId: c?.merchantId ?? '',
        merchantUserId: c?.merchantUserId ?? '',
        secretKeySet: Boolean(c?.secretKey),
      };
    }
    case 'UZUM': {
      const c = account?.provider === 'UZUM' ? account.credentials : null;
      return {
        provider,
        ...common,
        secretSet: Boolean(c?.password),
        serviceId: c?.serviceId ?? '',
        login: c?.login ?? '',
        passwordSet: Boolean(c?.password),
      };
    }
  }
}

export interface PaymentAccountsRoutesOptions {
  db: Db;
  /** PAYMENT_SECRETS_KEY (the development key when unset), the key the payments feature opens the accounts with. */
  secretsKey: string | undefined;
}

/**
 * The brand's accounts at Payme, Click and Uzum (issue 28; owner only, area `paymentAccounts`): the ids and switches are
 * read and written; a secret is only written (a write without it keeps the stored one), stored sealed with the secret
 * box as the payments feature reads it, and never answered nor put in the audit log (only that it was replaced).
 */
export const paymentAccountsRoutes: FastifyPluginAsyncZod<PaymentAccountsRoutesOptions> = async (app, { db, secretsKey }) => {
  const box = createSecretBox(secretsKey ?? DEV_PAYMENT_SECRETS_KEY);

  app.get(
    '/admin/v1/payment-accounts',
    {
      config,
      schema: {
        tags,
        security: adminSecurity,
        summary: "The brand's payment accounts (secrets: only whether they are set)",
        response: { 200: AdminPaymentAccountList, ...adminErrors },
      },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      const rows = await db.select().from(paymentAccounts).where(eq(paymentAccounts.merchantId, merchantId));
      return {
        content: PAYMENT_PROVIDERS.map((provider) => {
          const row = rows.find((r) => r.provider === provider) ?? null;
          return viewOf(provider, row, row && opened(box, row));
        }),
      };
    },
  );

  for (const provider of PAYMENT_PROVIDERS) {
    const write = WRITES[provider] as ProviderWrite<z.ZodType<{ version: number; isActive: boolean }>>;
    app.put(
      `/admin/v1/payment-accounts/${write.path}`,
      {
        config,
        schema: {
          tags,
          security: adminSecurity,
          summary: `Set the brand's ${provider} account (a secret left out is kept; \`version\` 0 creates it)`,
          body: write.body,
          response: { 200: AdminPaymentAccount, ...adminErrors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body as { version: number; isActive: boolean } & Record<string, unknown>;
        return db.transaction(async (tx) => {
          const where = and(eq(paymentAccounts.merchantId, actor.merchantId), eq(paymentAccounts.provider, provider));
          const [row] = await tx.select().from(paymentAccounts).where(where).for('update');
          const current = row?.version ?? 0;
          if (current !== body.version) throw new AppError('VERSION_CONFLICT', { expected: body.version, current });
          const old = row ? opened(box, row) : null;
          const credentials = write.merge(body, old?.credentials ?? null);
          const missing = body.isActive ? write.missingSecret(credentials) : null;
          if (missing)
            throw new AppError('VALIDATION_FAILED', {
              fields: [{ field: `body.${missing}`, message: 'An active account needs the secret it is called with' }],
            });
          const sealed = sealPaymentAccount(box, actor.merchantId, { provider, credentials } as PaymentAccount);
          const values = { credentials: sealed.credentials, lookup: sealed.lookup, isActive: body.isActive, updatedAt: sql`now()` };
          const [saved] = row
            ? await tx
                .update(paymentAccounts)
                .set({ ...values, version: sql`${paymentAccounts.version} + 1` })
                .where(where)
                .returning()
            : await tx
                .insert(paymentAccounts)
                .values({ ...values, merchantId: actor.merchantId, provider })
                .returning();
          const before = row ? viewOf(provider, row, old) : null;
          const after = viewOf(provider, saved!, { provider, credentials } as PaymentAccount);
          // Which secrets this write replaced or removed, by name: never their values.
          const replaced = write.secrets.filter((name) => body[name] !== undefined);
          await audit(tx, actor, {
            objectType: 'payment-account',
            objectId: provider,
            action: row ? 'update' : 'create',
            before,
            after: { ...after, secretsReplaced: replaced },
          });
          return after;
        });
      },
    );
  }
};
