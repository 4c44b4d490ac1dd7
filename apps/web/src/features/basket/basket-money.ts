import { useCallback } from 'react';
import { useFormatSum } from '../../shared/catalogue/price.ts';

/**
 * Money as the basket shows it: `82 000 so'm`, and `−6 300 so'm` for what is taken off. The sign is
 * part of the amount, so in Arabic it stays on the number's left with the digits.
 */
export function useMoney(): (amount: number, options?: { minus?: boolean }) => string {
  const formatSum = useFormatSum();
  return useCallback((amount, options) => formatSum(amount, options?.minus ? { sign: '−' } : undefined), [formatSum]);
}
