import { useState } from 'react';
import { formatTimeOfDay, nextOpening, weekdayName, zonedDay, type Branch } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useServerDrawn } from '../../lib/server-drawn.ts';

/** Open, closed, or closed for a holiday today (docs/spec-index.md section 4, "Branch open or closed"), as the server says. */
export type BranchStatus = 'open' | 'closed' | 'holiday';
export const branchStatus = (b: Pick<Branch, 'isOpen' | 'today'>): BranchStatus =>
  b.isOpen ? 'open' : b.today.isHoliday ? 'holiday' : 'closed';

type PillBranch = Pick<Branch, 'isOpen' | 'today'> & Partial<Pick<Branch, 'workHours' | 'timeZone'>>;

/**
 * When a closed branch opens next on its own clock (issue 29: "opens at 08:00", not a bare "closed"): today's time, or
 * the weekday and time within the week; null when it does not open within the week or its hours are not known.
 */
export function opensNext(branch: PillBranch, now: Date): { day: number | null; time: string } | null {
  if (branch.isOpen || !branch.workHours || !branch.timeZone) return null;
  const opens = nextOpening({ now, timeZone: branch.timeZone, hours: branch.workHours, serviceType: 'PICK_UP', maxDays: 7 });
  if (!opens) return null;
  const time = formatTimeOfDay(opens, { timeZone: branch.timeZone });
  const day = zonedDay(opens, branch.timeZone);
  return { day: day === zonedDay(now, branch.timeZone) ? null : new Date(`${day}T00:00:00Z`).getUTCDay(), time };
}

/**
 * The branch's status as a small pill: green while open, grey otherwise, with when it opens where its hours say.
 * When it opens depends on the clock: the server (and its page cache, which keeps a page while its data is unchanged)
 * and the browser taking that page over would read different ones, so "opens at" is drawn right after hydration.
 */
export function StatusPill({ branch, testId = 'branch-status' }: { branch: PillBranch; testId?: string }) {
  const { t, language } = useTranslation();
  const [now] = useState(() => new Date());
  const serverDrawn = useServerDrawn();
  const status = branchStatus(branch);
  const opens = serverDrawn ? null : opensNext(branch, now);
  return (
    <span
      data-testid={testId}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold ${
        status === 'open' ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400' : 'bg-surface-2 text-muted'
      }`}
    >
      <span className={`size-1.5 rounded-full ${status === 'open' ? 'bg-emerald-500' : 'bg-muted'}`} />
      {opens
        ? opens.day === null
          ? t('branches.status.opensAt', { time: opens.time })
          : t('branches.status.opensOn', { day: weekdayName(opens.day, language, 'short'), time: opens.time })
        : t(`branches.status.${status}`)}
    </span>
  );
}
