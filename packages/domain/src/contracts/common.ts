import { z } from 'zod';
import { type ErrorCode, ERROR_CATALOGUE } from '../errors.ts';

export const ErrorResponse = z.object({
  code: z.enum(Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  description: z.object({ ru: z.string(), uz: z.string(), eng: z.string() }),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const HealthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
});

/** `GET /api/ready`: whether the balancer should send this instance traffic, and why not. */
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'not-ready']),
  version: z.string(),
  reason: z.enum(['DATABASE', 'MIGRATIONS', 'DRAINING']).nullable(),
});

/** A paged list on the wire: zero-based `page` (docs/spec-index.md section 9). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
