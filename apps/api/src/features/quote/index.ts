/** The quote feature's public surface (quotes and promo checks): what app.ts and other features may import. */
export { quoteRoutes } from './quote.routes.ts';
export { createQuoteFeature, type FreshRead, type KeptCatalogue, type QuoteResult, type QuoteService } from './quote.service.ts';
export { createFreshRead } from './quote.repository.ts';
export type { PromosService } from './promos.service.ts';
export { createQuoteRepository } from './quote.repository.ts';
