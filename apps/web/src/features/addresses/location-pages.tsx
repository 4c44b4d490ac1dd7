import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AddressRequest, LatLng } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';
import { safePathOr } from '../../shared/navigation.ts';
import { readGuestPlaces, useOrderAddress, writeGuestPlaces, type PlacedAddress } from '../../shared/order/order-choice.ts';
import { deliverTo } from '../../shared/order/serving-branch.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useMe } from '../../shared/session/session.api.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { toast } from '../../shared/ui/toast.tsx';
import { useShowFailure } from '../../shared/ui/failed-call.ts';
import { addressKeys, saveAddress } from './addresses.api.ts';
import { LocationPicker } from './location-picker.tsx';
import { keepGuestPlace } from './place-rules.ts';

/**
 * `/address/delivery?next=` (map layout): the location picker whose address goes on the order. A signed-in
 * customer's is saved on the account; a guest's is kept on the device until login. Then back to `next`.
 */
/** `/address/delivery` and `/profile/address/create` as one lazy page of the route table (routes.tsx): the one the address names. */
export function LocationPages() {
  return useLocation().pathname.startsWith('/address/delivery') ? <AddressDeliveryPage /> : <AddressCreatePage />;
}

function AddressDeliveryPage() {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const merchant = useCurrentMerchant();
  const loggedIn = useIsLoggedIn();
  const { data: user } = useMe();
  const current = useOrderAddress();
  const start: LatLng | null = current ? [current.latitude, current.longitude] : null;

  const save = async (address: AddressRequest): Promise<boolean> => {
    try {
      let placed: PlacedAddress;
      if (loggedIn && user) {
        const saved = await saveAddress(user.id, address);
        placed = { ...address, id: saved.id };
        void queryClient.invalidateQueries({ queryKey: addressKeys.list(merchant.id, user.id) });
      } else {
        const { places, kept } = keepGuestPlace(readGuestPlaces(merchant.id), address, () => `local-${crypto.randomUUID()}`);
        writeGuestPlaces(merchant.id, places);
        placed = kept;
      }
      await deliverTo(merchant.id, placed);
      toast(t('addresses.applied'), 'success');
      void navigate(safePathOr(params.get('next') ?? '/'), { replace: true });
      return true;
    } catch (failure) {
      showFailure(failure, () => void save(address));
      return false;
    }
  };

  return <LocationPicker start={start} onSave={save} />;
}

/** `/profile/address/create` (map layout): the location picker whose address goes into the signed-in customer's book. */
function AddressCreatePage() {
  const loggedIn = useIsLoggedIn();
  const { data: user } = useMe();
  if (!loggedIn) return <LoginPrompt />;
  if (!user) return null;
  return <AddressCreate userId={user.id} />;
}

function AddressCreate({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const showFailure = useShowFailure();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const merchant = useCurrentMerchant();

  const save = async (address: AddressRequest): Promise<boolean> => {
    try {
      await saveAddress(userId, address);
      await queryClient.invalidateQueries({ queryKey: addressKeys.list(merchant.id, userId) });
      toast(t('addresses.saved'), 'success');
      void navigate('/profile/address', { replace: true });
      return true;
    } catch (failure) {
      showFailure(failure, () => void save(address));
      return false;
    }
  };

  return <LocationPicker start={null} onSave={save} />;
}
