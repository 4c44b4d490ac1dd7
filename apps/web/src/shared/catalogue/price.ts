import { useCallback } from 'react';
import { formatMoney, isolateNumbers, isRtl } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';

const NBSP = '\u00a0';

/** `+` for what an option adds to a price, `−` for what a discount takes off. */
export type SumSign = '+' | '−';

/**
 * `29 000 so'm` as the screen shows it: no-break spaces, so a price never wraps; in right-to-left text
 * the number with its sign kept whole (`isolateNumbers`), or Arabic shows `308 100` as `100 308` and
 * `+8 000` as `8 000+`.
 */
export function sumText(amount: number, currencyLabel: string, options: { rtl: boolean; sign?: SumSign }): string {
  const text = `${options.sign ?? ''}${formatMoney(amount, currencyLabel)}`.replace(/ /g, NBSP);
  return options.rtl ? isolateNumbers(text) : text;
}

/** Money for the screen in the interface language, with its currency label (docs/spec-index.md section 9): see `sumText`. */
export function useFormatSum(): (amount: number, options?: { sign?: SumSign }) => string {
  const { t, language } = useTranslation();
  const rtl = isRtl(language);
  return useCallback(
    (amount: number, options?: { sign?: SumSign }) => sumText(amount, t('basketStore.currency'), { rtl, sign: options?.sign }),
    [t, rtl],
  );
}

/**
 * Any other text with numbers in it (a measure, calories, a count, a range of minutes) as the
 * interface language shows it: in right-to-left text each number is kept whole, as amounts are.
 */
export function useNumberText(): (text: string) => string {
  const { language } = useTranslation();
  const rtl = isRtl(language);
  return useCallback((text: string) => (rtl ? isolateNumbers(text) : text), [rtl]);
}
