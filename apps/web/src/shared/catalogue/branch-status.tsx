import type { Branch } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';

/** Open, closed, or closed for a holiday today (docs/spec-index.md section 4, "Branch open or closed"), as the server says. */
export type BranchStatus = 'open' | 'closed' | 'holiday';
export const branchStatus = (b: Pick<Branch, 'isOpen' | 'today'>): BranchStatus =>
  b.isOpen ? 'open' : b.today.isHoliday ? 'holiday' : 'closed';

/** The branch's status as a small pill: green while open, grey otherwise. */
export function StatusPill({ branch, testId = 'branch-status' }: { branch: Pick<Branch, 'isOpen' | 'today'>; testId?: string }) {
  const { t } = useTranslation();
  const status = branchStatus(branch);
  return (
    <span
      data-testid={testId}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold ${
        status === 'open' ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400' : 'bg-surface-2 text-muted'
      }`}
    >
      <span className={`size-1.5 rounded-full ${status === 'open' ? 'bg-emerald-500' : 'bg-muted'}`} />
      {t(`branches.status.${status}`)}
    </span>
  );
}
