import { formatDateWords, formatNumber, formatTimeOfDay } from '@dasturxon/domain';
import type { Translator } from './i18n.ts';

/** So'm grouped by three with spaces: `125 000 сум`. */
export const money = (amount: number, tr: Translator): string => `${formatNumber(amount)} ${tr.t('sum')}`;

/** The device's zone: staff read times on their own clock. */
const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/* Dates and times go through the domain's table-driven formatter (Intl lacks `uz`, `kk` in many WebViews). */
export const time = (iso: string | null | undefined, _tr?: Translator): string => formatTimeOfDay(iso, { timeZone: deviceZone() });

export const dateTime = (iso: string | null | undefined, tr: Pick<Translator, 'lang'>): string =>
  formatDateWords(iso, tr.lang, { withTime: true, timeZone: deviceZone() });

/** A day without its time (`Dush, 30-noyabr`). */
export const dateOnly = (iso: string | null | undefined, tr: Pick<Translator, 'lang'>): string =>
  formatDateWords(iso, tr.lang, { timeZone: deviceZone() });

/** Today in the device's time zone, `YYYY-MM-DD`. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A phone number for a tel: link. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
