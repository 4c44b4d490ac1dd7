import { formatDateWords, type PublicPromo, type UiLanguage } from '@dasturxon/domain';
import type { Translate } from '@dasturxon/i18n';

/*
 * A listed promo's conditions in words (issue 31): what it takes off (an amount or a percent, off the products or the
 * delivery), from what basket, and until when. Pure: the page passes its translator and money format.
 */

export interface PromoWords {
  /** The discount in a few words: `−10%`, `−15 000 so'm`, `Free delivery`. */
  headline: string;
  /** Each condition on a line of its own. */
  terms: string[];
}

export function promoWords(
  promo: PublicPromo,
  {
    t,
    sum,
    numbers = (text) => text,
    language,
    now,
  }: {
    t: Translate;
    /** Money as the screen writes it, with a sign when asked (`useFormatSum`). */
    sum: (amount: number, options?: { sign?: '−' }) => string;
    /** Other numbers kept whole in right-to-left text (`useNumberText`). */
    numbers?: (text: string) => string;
    language: UiLanguage;
    now?: Date;
  },
): PromoWords {
  const percent = promo.discountType === 'PERCENTAGE';
  const off = (value: number, sign?: '−') => (percent ? numbers(`${sign ?? ''}${value}%`) : sum(value, { sign }));
  const terms: string[] = [];
  let headline = '';
  if (promo.productDiscount > 0) {
    terms.push(t('promos.term.products', { value: off(promo.productDiscount) }));
    headline = off(promo.productDiscount, '−');
  }
  if (promo.deliveryDiscount > 0) {
    const free = percent && promo.deliveryDiscount >= 100;
    terms.push(free ? t('promos.term.freeDelivery') : t('promos.term.delivery', { value: off(promo.deliveryDiscount) }));
    if (!headline) headline = free ? t('promos.term.freeDelivery') : off(promo.deliveryDiscount, '−');
  }
  terms.push(promo.minPrice > 0 ? t('promos.term.minPrice', { amount: sum(promo.minPrice) }) : t('promos.term.anyBasket'));
  const date = (iso: string) => formatDateWords(iso, language, { withTime: true, now });
  if (promo.endDate) terms.push(t('promos.term.until', { date: date(promo.endDate) }));
  else terms.push(t('promos.term.noEnd'));
  if (promo.startDate) terms.push(t('promos.term.since', { date: date(promo.startDate) }));
  return { headline, terms };
}
