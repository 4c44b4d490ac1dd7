import { Link } from 'react-router';
import { pickText, type ServiceType } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBranches, useOnlyBranch } from '../../shared/catalogue/branches.api.ts';
import { useChosenBranchId } from '../../shared/catalogue/chosen-branch.ts';
import { useOrderAddress } from '../../shared/order/order-choice.ts';
import { placeTitle } from '../../shared/order/place-title.ts';
import { BagIcon, DishIcon } from '../../shared/ui/icons.tsx';
import { ScooterIcon } from '../../shared/ui/more-icons.tsx';

const LABEL = { DELIVERY: 'order.deliverTo', PICK_UP: 'order.pickupAt', DINE_IN: 'order.dineInAt' } as const;

/** Where the order goes, above the totals: the delivery address or the branch, and the way to change it (/choose-address, then back here). */
export function BasketDestination({
  serviceType,
  delivered,
  onNavigate,
}: {
  serviceType: ServiceType;
  delivered: boolean;
  onNavigate?: () => void;
}) {
  const { t, language } = useTranslation();
  const address = useOrderAddress();
  const branchId = useChosenBranchId();
  const { data: branches } = useBranches();
  // Pickup from a brand's only branch: that branch, and nothing to change, the same rule as the checkout's (issue 29).
  const only = useOnlyBranch(!delivered);
  const branch = (branchId ? branches?.find((b) => b.id === branchId) : undefined) ?? only ?? undefined;
  const kind = delivered ? 'DELIVERY' : serviceType === 'DINE_IN' ? 'DINE_IN' : 'PICK_UP';
  const Icon = kind === 'DELIVERY' ? ScooterIcon : kind === 'DINE_IN' ? DishIcon : BagIcon;
  const value = delivered ? (address ? placeTitle(address) : null) : branch ? pickText(branch.name, language) : null;

  return (
    <div
      data-testid="basket-destination"
      data-service={kind}
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface py-3 ps-3.5 pe-2"
    >
      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-2">
        <Icon size={20} />
      </span>
      <p className="min-w-0 flex-1 leading-snug">
        <span className="block text-[13px] text-muted">{t(LABEL[kind])}</span>
        <span data-testid="basket-destination-value" className={`block truncate font-semibold ${value ? '' : 'text-muted'}`}>
          <bdi>{value ?? t(delivered ? 'order.noAddress' : 'order.noBranch')}</bdi>
        </span>
      </p>
      {!(only && !delivered) && (
        <Link
          to="/choose-address?next=/basket"
          data-testid="basket-destination-change"
          onClick={onNavigate}
          className="flex h-10 shrink-0 items-center rounded-full px-3 text-[14px] font-bold text-ink transition-colors hover:bg-surface-2"
        >
          {t('order.change')}
        </Link>
      )}
    </div>
  );
}
