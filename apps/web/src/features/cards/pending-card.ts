import { isSafeInternalPath } from '@dasturxon/domain';
import { currentMerchantId } from '../../lib/http.ts';
import { readStored, writeStored } from '../../lib/storage.ts';

/**
 * A card between /profile/cards/create and /profile/cards/confirm: the provider's id for it, where the code went and
 * where the customer goes afterwards. Never the number: it went to the provider and is not kept, even here.
 */
export interface PendingCard {
  cardId: string;
  phone: string;
  codeLength: number;
  /** Epoch ms after which the code no longer works (the provider says nothing; five minutes is what it keeps one). */
  expiresAt: number;
  next: string;
}

const key = () => `dx:${currentMerchantId() ?? '-'}:pending-card`;
export const CARD_CODE_TTL_MS = 5 * 60_000;

/** Where to go once the card is saved: a path of ours (the order being paid), else the card list. */
export const cardsNext = (candidate: unknown): string =>
  typeof candidate === 'string' && isSafeInternalPath(candidate) ? candidate : '/profile/cards';

export function parsePendingCard(text: string | null): PendingCard | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Partial<PendingCard> | null;
    if (
      !raw ||
      typeof raw.cardId !== 'string' ||
      typeof raw.phone !== 'string' ||
      typeof raw.codeLength !== 'number' ||
      typeof raw.expiresAt !== 'number'
    )
      return null;
    return { cardId: raw.cardId, phone: raw.phone, codeLength: raw.codeLength, expiresAt: raw.expiresAt, next: cardsNext(raw.next) };
  } catch {
    return null;
  }
}

export const readPendingCard = (): PendingCard | null => parsePendingCard(readStored(key(), 'session'));
export const savePendingCard = (pending: PendingCard): void => writeStored(key(), JSON.stringify(pending), 'session');
export function clearPendingCard(): void {
  try {
    sessionStorage.removeItem(key());
  } catch {
    // Nothing was kept.
  }
}
