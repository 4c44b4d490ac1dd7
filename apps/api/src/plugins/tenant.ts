import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, isUuid, MERCHANT_HEADER, tenantFromHost, VENDOR_COOKIE } from '@dasturxon/domain';
import type { merchants } from '@dasturxon/db';

/** A brand's row, as the tenant hook hands it to every route. */
export type MerchantRecord = typeof merchants.$inferSelect;

/** Where the tenant hook looks brands up (the merchants feature's repository is one); the plugin knows no feature. */
export interface MerchantLookup {
  findById(id: string): Promise<MerchantRecord | null>;
  findBySub(sub: string): Promise<MerchantRecord | null>;
  findByDomain(domain: string): Promise<MerchantRecord | null>;
}

/**
 * How a route treats the tenant:
 * - `none`: no merchant involved;
 * - `any`: a merchant must be resolved, active or not (merchant and settings calls);
 * - `active`: a merchant must be resolved and active, else 403 MERCHANT_BLOCKED (catalogue, ordering).
 */
export type TenantMode = 'none' | 'any' | 'active';

declare module 'fastify' {
  interface FastifyContextConfig {
    tenant?: TenantMode;
  }
  interface FastifyRequest {
    merchant: MerchantRecord | null;
  }
}

export interface TenantResolver {
  /** Resolves the caller's merchant: the header first, then the host (sub-domain, brand domain, vendor). */
  resolve(request: FastifyRequest): Promise<MerchantRecord>;
  /** As resolve, but null instead of an error (used when serving pages). */
  tryResolve(request: FastifyRequest): Promise<{ merchant: MerchantRecord | null; error: AppError | null }>;
  /** The active brand a host name serves (its sub-domain of a base domain, or its own domain), else null. */
  brandOfHost(host: string): Promise<MerchantRecord | null>;
}

export function createTenantResolver(repo: MerchantLookup, baseDomains: readonly string[], devBrand: string | null = null): TenantResolver {
  async function resolve(request: FastifyRequest): Promise<MerchantRecord> {
    const header = request.headers[MERCHANT_HEADER.toLowerCase()];
    const headerId = Array.isArray(header) ? header[0] : header;
    if (headerId) {
      const merchant = isUuid(headerId) ? await repo.findById(headerId) : null;
      if (!merchant) throw new AppError('MERCHANT_NOT_FOUND');
      return merchant;
    }
    const query = request.query as Record<string, unknown> | undefined;
    const vendor = typeof query?.vendor === 'string' ? query.vendor : (request.cookies?.[VENDOR_COOKIE] ?? null);
    const hint = tenantFromHost({ host: request.host, baseDomains, vendor, devBrand });
    if (hint.kind === 'none') throw new AppError('MERCHANT_REQUIRED');
    const merchant = hint.kind === 'sub' ? await repo.findBySub(hint.sub) : await repo.findByDomain(hint.domain);
    if (!merchant) throw new AppError('MERCHANT_NOT_FOUND');
    return merchant;
  }

  return {
    resolve,
    async brandOfHost(host) {
      const hint = tenantFromHost({ host: host.toLowerCase(), baseDomains, vendor: null, devBrand: null });
      if (hint.kind === 'none') return null;
      const merchant = hint.kind === 'sub' ? await repo.findBySub(hint.sub) : await repo.findByDomain(hint.domain);
      return merchant?.isActive ? merchant : null;
    },
    async tryResolve(request) {
      try {
        return { merchant: await resolve(request), error: null };
      } catch (error) {
        if (error instanceof AppError) return { merchant: null, error };
        throw error;
      }
    },
  };
}

/**
 * Resolves the tenant before each route that asks for one (route `config.tenant`), before the route's own
 * validation: a query schema that drops what it does not know must not drop `?vendor=` first.
 */
export function registerTenant(app: FastifyInstance, resolver: TenantResolver): void {
  app.decorateRequest('merchant', null);
  app.addHook('preValidation', async (request) => {
    const mode = request.routeOptions.config?.tenant ?? 'none';
    if (mode === 'none') return;
    const merchant = await resolver.resolve(request);
    if (mode === 'active' && !merchant.isActive) throw new AppError('MERCHANT_BLOCKED');
    request.merchant = merchant;
  });
}

/** The resolved merchant of a tenant route; a route without `config.tenant` has none. */
export function merchantOf(request: FastifyRequest): MerchantRecord {
  if (!request.merchant) throw new AppError('MERCHANT_REQUIRED');
  return request.merchant;
}

/** A merchant id in a path must be the caller's own: another tenant's id answers 404, never its data. */
export function assertOwnMerchant(request: FastifyRequest, merchantId: string): MerchantRecord {
  const merchant = merchantOf(request);
  if (merchant.id !== merchantId) throw new AppError('MERCHANT_NOT_FOUND');
  return merchant;
}
