import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isDevelopmentHost } from '@dasturxon/domain';
import { City, CompanyBrand, ErrorResponse, Merchant, MerchantIdParams, MerchantSettings, SubParams } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { assertOwnMerchant, merchantOf } from '../../plugins/tenant.ts';
import type { MerchantsRepository } from './merchants.repository.ts';
import { toMerchant, type MerchantsService } from './merchants.service.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export interface MerchantsRoutesOptions {
  repo: MerchantsRepository;
  service: MerchantsService;
  /** Outside production: development hosts may list every brand (the storefront's brand switcher). */
  development: boolean;
  /** The deployment's base domains (BASE_DOMAINS): the brand list's addresses are built on them. */
  baseDomains: readonly string[];
}

/** Whether the brand switcher answers here: outside production, on a development host only. The page says so (boot data). */
export const brandSwitcherOn = (development: boolean, host: string): boolean => development && isDevelopmentHost(host);

export const merchantsRoutes: FastifyPluginAsyncZod<MerchantsRoutesOptions> = async (app, { repo, service, development, baseDomains }) => {
  app.get(
    '/merchants/v1/brands',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['merchants'],
        summary: "The brand list of multi-tab navigation: the active brands of the merchant's company, with their storefront addresses",
        description:
          "Spec section 7 names the call without its path. Only brands of the merchant's own company (`companyId`), active ones, the caller's own marked `current`; a brand of no company answers itself alone. 403 FEATURE_OFF while the brand's multiTabNavigationEnabled is off.",
        response: { 200: z.array(CompanyBrand), ...errors },
      },
    },
    async (request) => service.companyBrands(merchantOf(request), { host: request.host, https: request.protocol === 'https', baseDomains }),
  );

  app.get(
    '/users/v1/merchants/development',
    {
      schema: {
        tags: ['merchants'],
        summary: 'Every brand, for the brand switcher of development hosts (404 in production and on real hosts)',
        response: { 200: z.array(Merchant), ...errors },
      },
    },
    async (request) => {
      if (!brandSwitcherOn(development, request.host)) throw new AppError('NOT_FOUND', { path: request.url });
      return (await repo.all()).map(toMerchant);
    },
  );

  app.get(
    '/users/v1/merchants/sub/:sub',
    {
      schema: {
        tags: ['merchants'],
        summary: 'A merchant by its sub-domain name',
        params: SubParams,
        response: { 200: Merchant, ...errors },
      },
    },
    async (request) => {
      const merchant = await repo.findBySub(request.params.sub.toLowerCase());
      if (!merchant) throw new AppError('MERCHANT_NOT_FOUND');
      // A caller that names its merchant may only read that merchant.
      const header = request.headers['x-merchant-id'];
      if (typeof header === 'string' && header && header !== merchant.id) throw new AppError('MERCHANT_NOT_FOUND');
      return toMerchant(merchant);
    },
  );

  app.get(
    '/users/v1/merchants/current',
    {
      config: { tenant: 'any' },
      schema: {
        tags: ['merchants'],
        summary: 'The merchant of this request: header, sub-domain, brand domain or vendor',
        querystring: z.object({ vendor: z.string().optional() }),
        response: { 200: Merchant, ...errors },
      },
    },
    async (request) => toMerchant(merchantOf(request)),
  );

  app.get(
    '/support/v1/merchant/settings/web',
    {
      config: { tenant: 'any' },
      schema: { tags: ['merchants'], summary: 'Web storefront settings', response: { 200: MerchantSettings, ...errors } },
    },
    async (request) => service.settings(merchantOf(request), 'WEB'),
  );

  app.get(
    '/support/v1/merchant/settings/click-app/client',
    {
      config: { tenant: 'any' },
      schema: { tags: ['merchants'], summary: 'Click mini app settings', response: { 200: MerchantSettings, ...errors } },
    },
    async (request) => service.settings(merchantOf(request), 'CLICK_APP'),
  );

  app.get(
    '/users/v1/city-merchant/merchant/:merchantId',
    {
      config: { tenant: 'active' },
      schema: {
        tags: ['merchants'],
        summary: "The merchant's cities",
        params: MerchantIdParams,
        response: { 200: z.array(City), ...errors },
      },
    },
    async (request) => service.cities(assertOwnMerchant(request, request.params.merchantId)),
  );
};
