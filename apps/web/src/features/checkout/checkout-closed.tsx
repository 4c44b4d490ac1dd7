import { useEffect } from 'react';
import { formatTimeOfDay, isOpenAt, nextOpening, serviceHours, zonedDay } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { Notice, useDayLabel } from './checkout-parts.tsx';
import { addDays, type ScheduleDay } from './checkout-slots.ts';
import type { Checkout } from './use-checkout.ts';

/*
 * A closed branch at checkout (issue 29): instead of a greyed-out Continue with no reason, the order switches to
 * "later" with the first free slot chosen (the server's own scheduling rule made the slots), and the customer reads
 * when the branch opens. Open and closed are the domain's rule over the branch's hours for the service.
 */

/** Whether the branch is closed now for the order's service, and when it opens next (null: not within the days offered). */
export function closedNow(c: Pick<Checkout, 'branch' | 'serviceType' | 'maxDays'>, now: Date): { closed: boolean; opens: Date | null } {
  if (!c.branch) return { closed: false, opens: null };
  const input = { now, timeZone: c.branch.timeZone, hours: c.branch.workHours, serviceType: c.serviceType, maxDays: c.maxDays };
  if (isOpenAt(serviceHours(input.hours, input.serviceType), now, input.timeZone)) return { closed: false, opens: null };
  return { closed: true, opens: nextOpening(input) };
}

/** Switches a "now" order of a closed branch to the first free slot; says why, and when the branch opens. */
export function ClosedBranchNotice({ c, now, days }: { c: Checkout; now: Date; days: readonly ScheduleDay[] }) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const { closed, opens } = closedNow(c, now);
  const first = days[0];
  const { draft, updateDraft } = c;
  const switchTo = closed && !draft.later && first?.slots[0] ? { day: first.day, time: first.slots[0] } : null;
  useEffect(() => {
    if (switchTo) updateDraft({ later: true, ...switchTo });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per slot to switch to, not on every new draft object
  }, [switchTo?.day, switchTo?.time]);
  if (!closed || !c.branch) return null;
  const zone = c.branch.timeZone;
  let text = t('checkout.closed.noSlots');
  if (opens) {
    const time = formatTimeOfDay(opens, { timeZone: zone });
    const today = zonedDay(now, zone);
    const day = zonedDay(opens, zone);
    text =
      day === today
        ? t('checkout.closed.opensAt', { time })
        : t('checkout.closed.opensOn', { day: dayLabel(day, day === addDays(today, 1) ? 1 : 2), time });
    if (first) text = `${text} ${t('checkout.closed.later')}`;
  }
  return (
    <div data-testid="checkout-closed" data-opens={opens?.toISOString() ?? ''}>
      <Notice testId="checkout-closed-reason">{text}</Notice>
    </div>
  );
}
