import { formatNumber } from '@dasturxon/domain';
import type { Translator } from './i18n.ts';

/** So'm grouped by three with spaces: `125 000 сум`. */
export const money = (amount: number, tr: Translator): string => `${formatNumber(amount)} ${tr.t('sum')}`;

export const time = (iso: string | null | undefined, tr: Translator): string =>
  iso ? new Date(iso).toLocaleTimeString(tr.locale, { hour: '2-digit', minute: '2-digit' }) : '';

export const dateTime = (iso: string | null | undefined, tr: Translator): string =>
  iso ? new Date(iso).toLocaleString(tr.locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }) : '';

/** Today in the device's time zone, `YYYY-MM-DD`. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A phone number for a tel: link. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
