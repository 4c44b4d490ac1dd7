import { useCallback } from 'react';
import { formatMoney } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';

/**
 * Money for the screen: `29 000 so'm` with the currency label of the interface language (spec
 * section 9). The spaces are no-break spaces: a price never wraps, and in Arabic the grouped digits
 * stay one number (a no-break space joins digits in the bidirectional algorithm; a plain one splits them).
 */
export function useFormatSum(): (amount: number) => string {
  const { t } = useTranslation();
  return useCallback((amount: number) => formatMoney(amount, t('basketStore.currency')).replace(/ /g, '\u00a0'), [t]);
}
