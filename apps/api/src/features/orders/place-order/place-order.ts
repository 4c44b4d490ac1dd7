import { randomUUID } from 'node:crypto';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '@dasturxon/db';
import { AppError, type OrderRequest } from '@dasturxon/domain';
import type { MerchantRecord } from '../../../plugins/tenant.ts';
import type { OtpService } from '../../auth/index.ts';
import type { KeptCatalogue, QuoteService } from '../../quote/index.ts';
import { createOrdersRepository } from '../orders.repository.ts';
import { readDraft, type Customer, type Draft, type PlaceOptions, type TelegramLaunchOf } from './draft.ts';
import { claimKey, firstAnswer } from './keys.ts';
import { isRefusal, type PlaceOutcome } from './outcome.ts';
import { catalogueOf, checkSchedule, priceFromSnapshot } from './price.ts';
import { readTerms } from './terms.ts';
import { emitPlaced, reserveStock, writeOrder } from './write.ts';

export interface PlaceOrderDeps {
  db: Db;
  quotes: Pick<QuoteService, 'servingBranch' | 'keptForOrder' | 'catalogueForOrder' | 'priceWith'>;
  /** One-time codes by SMS (the login's), for brands that confirm each order with one. */
  codes: Pick<OtpService, 'check'>;
  /** The Mini App data's Telegram user (the chat of the status messages, and the bot channel), from features/telegram. */
  telegramLaunchOf?: TelegramLaunchOf | undefined;
}

export interface PlaceOrderInput {
  customer: Customer;
  merchant: MerchantRecord;
  body: OrderRequest;
  options: PlaceOptions;
  now: Date;
}

/** What the transaction ends with: its outcome, and whether what it wrote is kept. */
interface Ending {
  commit: boolean;
  outcome: PlaceOutcome | { kind: 'key-taken' };
}

const commit = (outcome: Ending['outcome']): Ending => ({ commit: true, outcome });
const rollBack = (outcome: Ending['outcome']): Ending => ({ commit: false, outcome });

/**
 * Runs `work` in one transaction and answers its outcome. What it wrote is committed when it says so, and otherwise
 * rolled back by the transaction's own `rollback()` (drizzle ends the transaction with its TransactionRollbackError,
 * caught here): an expected outcome is a value, never an error of ours thrown through the transaction. A real error
 * thrown by `work` rolls back and goes on up.
 */
async function inTransaction(db: Db, work: (tx: Db) => Promise<Ending>): Promise<Ending['outcome']> {
  let ending: Ending | undefined;
  try {
    await db.transaction(async (tx) => {
      ending = await work(tx);
      if (!ending.commit) tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError) || !ending || ending.commit) throw error;
  }
  return ending!.outcome;
}

/**
 * The order's transaction, step by step; the first step that refuses ends it, and nothing it wrote is kept. The
 * Idempotency-Key is claimed after every row is written, the brand's confirmation is asked for once everything would go
 * through (so a code is never sent for an order that would be refused), and the event is emitted last.
 */
async function placeIn(tx: Db, deps: PlaceOrderDeps, draft: Draft, kept: KeptCatalogue): Promise<Ending> {
  const repo = createOrdersRepository(tx);
  const terms = await readTerms(tx, repo, deps.codes, draft);
  // A wrong code: the transaction commits its counted try and nothing else.
  if ('wrongCode' in terms) return commit({ kind: 'wrong-code', attemptsLeft: terms.wrongCode.attemptsLeft });
  if (isRefusal(terms)) return rollBack({ kind: 'refused', error: terms.refused });
  const catalogue = await catalogueOf(tx, deps.quotes, kept, draft);
  const when = checkSchedule(draft, catalogue, terms);
  if (isRefusal(when)) return rollBack({ kind: 'refused', error: when.refused });
  const priced = await priceFromSnapshot(tx, deps.quotes, draft, catalogue, when);
  if (isRefusal(priced)) return rollBack({ kind: 'refused', error: priced.refused });
  const reserved = await reserveStock(repo, draft, priced);
  if (isRefusal(reserved)) return rollBack({ kind: 'refused', error: reserved.refused });
  const written = await writeOrder(repo, draft, terms, priced, reserved, when, randomUUID());
  if (isRefusal(written)) return rollBack({ kind: 'refused', error: written.refused });
  // Step 8: the key, written last of the order's rows; taken by a twin request that committed while this one worked.
  if (draft.idempotencyKey && !(await claimKey(repo, draft.customer, draft.idempotencyKey, draft.hash, written.orderId, draft.now))) {
    return rollBack({ kind: 'key-taken' });
  }
  // Everything would go through: without the brand's code, nothing is kept and the code is to be sent.
  if (terms.confirming && !draft.confirmationCode) return rollBack({ kind: 'needs-confirmation', phone: terms.phone, subject: draft.hash });
  await emitPlaced(tx, repo, draft, written.orderId);
  return commit({ kind: 'placed', orderId: written.orderId });
}

/**
 * Places an order (decision 008): the draft read and checked, then one transaction priced from the brand's kept
 * snapshot (decision 014) while its version holds. Answers what came of it; `placed` and `wrong-code` alone commit.
 */
export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<PlaceOutcome> {
  const draft = await readDraft(deps, input);
  if (isRefusal(draft)) return { kind: 'refused', error: draft.refused };
  if ('duplicate' in draft) return { kind: 'duplicate', orderId: draft.duplicate };
  // Before the transaction: on PGlite a read outside an open transaction would wait for it.
  const kept = await deps.quotes.keptForOrder(draft.merchant.id);
  let outcome: Ending['outcome'];
  try {
    outcome = await inTransaction(deps.db, (tx) => placeIn(tx, deps, draft, kept));
  } catch (error) {
    // An error of a collaborator (a code check) while a twin request under the same key got there first: its order.
    const twin = error instanceof AppError ? await twinOf(deps.db, draft) : null;
    if (twin) return twin;
    throw error;
  }
  // A twin request under the same key (a double tap) got there first: whatever stopped this one, answer its order.
  if (outcome.kind === 'key-taken' || outcome.kind === 'refused') {
    const twin = await twinOf(deps.db, draft);
    if (twin) return twin;
    if (outcome.kind === 'key-taken') return { kind: 'refused', error: new AppError('IDEMPOTENCY_KEY_REUSED') };
  }
  return outcome;
}

/** The first answer of the draft's Idempotency-Key, committed by another request: its order, or IDEMPOTENCY_KEY_REUSED for another body. */
async function twinOf(db: Db, draft: Draft): Promise<PlaceOutcome | null> {
  if (!draft.idempotencyKey) return null;
  const first = await firstAnswer(db, draft.customer, draft.idempotencyKey, draft.hash, draft.now);
  if (!first) return null;
  return 'orderId' in first ? { kind: 'duplicate', orderId: first.orderId } : { kind: 'refused', error: first.refused };
}
