import { Link } from 'react-router';
import { pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { useChosenBranchId } from '../../shared/catalogue/chosen-branch.ts';
import { MapPinIcon } from '../../shared/ui/icons.tsx';
import { ChevronEndIcon } from '../../shared/ui/more-icons.tsx';

/** The chosen branch above the menu (its stock and availability decide what can be ordered), or an invitation to choose one. */
export function BranchStrip() {
  const { t, language } = useTranslation();
  const branchId = useChosenBranchId();
  const { data } = useBranches();
  const branch = branchId ? data?.find((b) => b.id === branchId) : undefined;
  const status = branch ? (branch.isOpen ? 'open' : branch.today.isHoliday ? 'holiday' : 'closed') : null;

  return (
    <Link
      to="/branches"
      data-testid="branch-strip"
      className="flex h-12 items-center gap-2.5 rounded-2xl bg-surface ps-2 pe-3 transition-colors hover:bg-surface-2"
    >
      <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-brand text-on-brand">
        <MapPinIcon size={18} />
      </span>
      <span className="min-w-0 flex-1 truncate text-[15px]">
        {branch && <span className="text-muted">{t('menu.branchStrip.label')}: </span>}
        <span className="font-bold" data-testid="branch-strip-name">
          {branch ? pickText(branch.name, language) : t('menu.branchStrip.choose')}
        </span>
        {!branch && <span className="text-muted"> · {t('menu.branchStrip.hint')}</span>}
      </span>
      {status && (
        <span
          className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-bold ${status === 'open' ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400' : 'bg-surface-2 text-muted'}`}
        >
          {t(`branches.status.${status}`)}
        </span>
      )}
      <ChevronEndIcon size={20} className="shrink-0 text-muted rtl:-scale-x-100" />
    </Link>
  );
}
