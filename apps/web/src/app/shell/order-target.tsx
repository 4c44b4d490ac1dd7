import { Link } from 'react-router';
import { isDeliveryService, orderServiceType, pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBranches, useOnlyBranch } from '../../shared/catalogue/branches.api.ts';
import { useChosenBranchId } from '../../shared/catalogue/chosen-branch.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { useChosenServiceType, useOrderAddress } from '../../shared/order/order-choice.ts';
import { placeTitle } from '../../shared/order/place-title.ts';
import { MapPinIcon } from '../../shared/ui/icons.tsx';

/**
 * Where the order goes, under the brand's name (spec: the header shows the chosen delivery address or pickup
 * branch): the address's name or street and house for a delivery, the branch's name for pickup or dine-in, else
 * an invitation to choose; a link to /choose-address. One line, cut short on a narrow phone. Loaded after the
 * header (the order's stores and rules stay out of the first screen's code); the server draws it for a guest.
 */
export function OrderTarget() {
  const { t, language } = useTranslation();
  const settings = useMerchantSettings();
  const service = orderServiceType(settings, useChosenServiceType());
  const delivery = isDeliveryService(service);
  const address = useOrderAddress();
  const branchId = useChosenBranchId();
  const { data: branches } = useBranches(!delivery && branchId !== null);
  // A brand with one branch has nothing to choose: the header names it before any choice (issue 29).
  const only = useOnlyBranch(!delivery && branchId === null);
  const branch = delivery ? undefined : branchId ? branches?.find((b) => b.id === branchId) : (only ?? undefined);
  const text = delivery
    ? address
      ? placeTitle(address)
      : t('order.chooseAddress')
    : branch
      ? pickText(branch.name, language)
      : t('order.chooseBranch');
  return (
    <Link
      to="/choose-address"
      data-testid="header-order-target"
      className="-ms-1 flex min-h-6 w-fit max-w-full min-w-0 items-center gap-1 rounded-md px-1 text-[13px] leading-5 font-semibold text-muted transition-colors hover:text-ink"
    >
      <MapPinIcon size={14} className="shrink-0" />
      <span className="sr-only">{t(delivery ? 'order.deliverTo' : service === 'DINE_IN' ? 'order.dineInAt' : 'order.pickupAt')} </span>
      <span data-testid="header-order-target-text" className="truncate">
        <bdi>{text}</bdi>
      </span>
    </Link>
  );
}
