import { useCallback } from 'react';
import { currencyLabel, formatMoney, isolateNumbers, isRtl } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useMerchantSettings } from '../merchant/merchant.api.ts';

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

/**
 * Money for the screen in the interface language, with the label of the brand's currency (its settings' `currency`:
 * so'm, or tenge for a brand priced in tenge; domain `currencyLabel`): see `sumText`.
 */
export function useFormatSum(): (amount: number, options?: { sign?: SumSign }) => string {
  const { language } = useTranslation();
  const { currency } = useMerchantSettings();
  const rtl = isRtl(language);
  const label = currencyLabel(currency, language);
  return useCallback((amount: number, options?: { sign?: SumSign }) => sumText(amount, label, { rtl, sign: options?.sign }), [label, rtl]);
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
