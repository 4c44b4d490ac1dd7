import { useCallback } from 'react';
import { isRtl } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useFormatSum } from '../../shared/catalogue/price.ts';

const LRI = '\u2066';
const PDI = '\u2069';
const NBSP = '\u00a0';

/**
 * Keeps the digits of an amount left to right inside right-to-left text: the space that groups
 * thousands is neutral, so Arabic text would otherwise show `82 000` as `000 82`.
 */
export function isolateAmount(text: string): string {
  return text.replace(/^([−-]?\d[\d\s.,]*\d|[−-]?\d)/, `${LRI}$1${PDI}`);
}

/** Money as the basket shows it: `82 000 so'm`, `−6 300 so'm` for what is taken off, on one line, safe in Arabic. */
export function useMoney(): (amount: number, options?: { minus?: boolean }) => string {
  const formatSum = useFormatSum();
  const { language } = useTranslation();
  return useCallback(
    (amount, options) => {
      // No-break spaces: `100 000 so'm` never breaks across lines.
      const text = `${options?.minus ? '−' : ''}${formatSum(amount)}`.replace(/ /g, NBSP);
      return isRtl(language) ? isolateAmount(text) : text;
    },
    [formatSum, language],
  );
}
