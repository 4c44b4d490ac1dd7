import { useNavigate } from 'react-router';
import { pickText, servingBranch, type LatLng } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { chooseBranch } from '../../shared/catalogue/chosen-branch.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { chooseServiceType } from '../../shared/order/order-choice.ts';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { canChoose, pickupBranches } from '../../shared/catalogue/pickup-branches.ts';

/**
 * The pin is outside every delivery zone: said wholly in the customer's language, with the way out: pickup from
 * the branch nearest to the pin (an open one when any is), which switches the order to pickup there.
 */
export function OutOfZoneNotice({ point }: { point: LatLng }) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  const { data: branches } = useBranches(settings.pickupActive);
  const pickups = pickupBranches(branches ?? [], null);
  const open = pickups.filter(canChoose);
  const nearest = settings.pickupActive ? servingBranch(point, open.length ? open : pickups)?.branch : undefined;

  const pickUp = () => {
    if (!nearest) return;
    chooseServiceType(merchant.id, 'PICK_UP');
    chooseBranch(merchant.id, nearest.id);
    toast(t('branches.chosen', { name: pickText(nearest.name, language) }), 'success');
    void navigate('/');
  };

  return (
    <div
      data-testid="address-out-of-zone"
      role="alert"
      className="pointer-events-auto w-full max-w-md rounded-2xl bg-red-600 px-4 py-3 text-white shadow-lg"
    >
      <p className="flex items-start gap-2 text-[15px] font-bold">
        <AlertIcon size={18} className="mt-0.5 shrink-0" />
        {t('addresses.outOfZone')}
      </p>
      {nearest && (
        <button
          type="button"
          data-testid="address-pickup-instead"
          onClick={pickUp}
          className="mt-2 w-full rounded-xl bg-white px-3 py-2 text-start text-[15px] font-bold text-red-700"
        >
          {t('addresses.pickupInstead', { name: pickText(nearest.name, language) })}
        </button>
      )}
    </div>
  );
}
