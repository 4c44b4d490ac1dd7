import type { Db } from '@dasturxon/db';
import { createOrdersRepository, type OrdersRepository } from '../orders.repository.ts';
import type { Customer } from './draft.ts';
import { refuse, type Refusal } from './outcome.ts';

/** How long an Idempotency-Key answers with the order it placed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The order a key placed, when the same body comes again within 24 h; IDEMPOTENCY_KEY_REUSED for another body;
 * null when the key placed nothing (or long ago).
 */
export async function firstAnswer(
  db: Db,
  customer: Customer,
  key: string,
  hash: string,
  now: Date,
): Promise<{ orderId: string } | Refusal | null> {
  const found = await createOrdersRepository(db).findKey(customer.merchantId, customer.id, key);
  if (!found || found.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) return null;
  if (found.bodyHash !== hash) return refuse('IDEMPOTENCY_KEY_REUSED');
  return { orderId: found.orderId };
}

/**
 * Records the key for the order being placed, written last of the order's rows: false when a request with the same
 * key committed while this one worked (on PostgreSQL this statement waits for that one's commit).
 */
export async function claimKey(
  repo: OrdersRepository,
  customer: Customer,
  key: string,
  hash: string,
  orderId: string,
  now: Date,
): Promise<boolean> {
  await repo.dropExpiredKey(customer.merchantId, customer.id, key, new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
  return repo.claimKey({ merchantId: customer.merchantId, userId: customer.id, key, bodyHash: hash, orderId, createdAt: now });
}
