import { formatDateWords, formatNumber, formatTimeOfDay, zonedDay } from '@dasturxon/domain';
import type { Translator } from './i18n.ts';

/** So'm grouped by three with spaces: `125 000 сум`. */
export const money = (amount: number, tr: Translator): string => `${formatNumber(amount)} ${tr.t('sum')}`;

/**
 * The zone the console shows times in (issue 29): the branch's (the staff member's first branch, else the brand's
 * first), set when the branches are known (`setConsoleZone`); the device's until then. A phone set to another zone (a
 * manager abroad, a tablet never set up) still reads the times the kitchen and the customers live by.
 */
let consoleZone: string | null = null;

export function setConsoleZone(zone: string | null | undefined): void {
  consoleZone = zone || null;
}

const deviceZone = (): string => consoleZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/* Dates and times go through the domain's table-driven formatter (Intl lacks `uz`, `kk` in many WebViews). */
export const time = (iso: string | null | undefined, _tr?: Translator): string => formatTimeOfDay(iso, { timeZone: deviceZone() });

export const dateTime = (iso: string | null | undefined, tr: Pick<Translator, 'lang'>): string =>
  formatDateWords(iso, tr.lang, { withTime: true, timeZone: deviceZone() });

/** A day without its time (`Dush, 30-noyabr`). */
export const dateOnly = (iso: string | null | undefined, tr: Pick<Translator, 'lang'>): string =>
  formatDateWords(iso, tr.lang, { timeZone: deviceZone() });

/** Today on the console's clock (the branch's zone), `YYYY-MM-DD`. */
export function localDay(date = new Date()): string {
  return zonedDay(date, deviceZone());
}

/** A phone number for a tel: link. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
