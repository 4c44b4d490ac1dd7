import type { Product } from '@dasturxon/domain';

/** Why a product cannot be ordered now, most lasting reason first; null when it can. Texts: `menu.reason.{reason}`. */
export type UnavailableReason = 'notAtBranch' | 'soldOut' | 'stopped';

export function unavailableReason(p: Pick<Product, 'isAvailable' | 'inStock' | 'isAvailableAtBranch'>): UnavailableReason | null {
  if (!p.isAvailableAtBranch) return 'notAtBranch';
  if (!p.inStock) return 'soldOut';
  if (!p.isAvailable) return 'stopped';
  return null;
}
