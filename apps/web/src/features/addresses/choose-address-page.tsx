import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isDeliveryService, orderServiceType, pickText, type Branch, type ServiceType } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { hoursLine } from '../../shared/catalogue/branch-hours.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { useChosenBranchId } from '../../shared/catalogue/chosen-branch.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { safePathOr } from '../../shared/navigation.ts';
import {
  applyOrderAddress,
  chooseServiceType,
  useChosenServiceType,
  useGuestPlaces,
  useOrderAddress,
  writeGuestPlaces,
  type PlacedAddress,
} from '../../shared/order/order-choice.ts';
import { placeTitle } from '../../shared/order/place-title.ts';
import { isOrderPlace, placedOf } from '../../shared/order/places.ts';
import { deliverTo } from '../../shared/order/serving-branch.ts';
import { useMe } from '../../shared/session/session.api.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { TrashIcon } from '../../shared/ui/action-icons.tsx';
import { buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconButton } from '../../shared/ui/icon-button.tsx';
import { BagIcon, ClockIcon, DishIcon, MapPinIcon, PlusIcon } from '../../shared/ui/icons.tsx';
import { CheckIcon, ScooterIcon } from '../../shared/ui/more-icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { addressesQuery, deleteAddress } from './addresses.api.ts';
import { DeletePlaceSheet, PlaceText } from './place-parts.tsx';
import { StatusPill } from '../../shared/catalogue/branch-status.tsx';
import { LoadFailed, useConfirmedDelete } from '../../shared/ui/page-parts.tsx';

/** The service types a customer chooses between, in this order, each shown when the merchant offers it. */
const SERVICES = [
  { type: 'DELIVERY', flag: 'deliveryActive', label: 'order.delivery', Icon: ScooterIcon },
  { type: 'PICK_UP', flag: 'pickupActive', label: 'order.pickup', Icon: BagIcon },
  { type: 'DINE_IN', flag: 'dineInActive', label: 'order.dineIn', Icon: DishIcon },
] as const;

/** Where the map picker sends the customer back to. */
const deliveryPickerPath = (next: string) => `/address/delivery?next=${encodeURIComponent(next)}`;

/**
 * `/choose-address` (docs/spec-index.md section 2, "address choice"; section 4, "Address flow"): how the order is received
 * (delivery, pickup, dine-in, as the merchant offers them) and where: for a delivery the customer's locations
 * (the account's saved addresses, or a guest's kept on this device), the order's one marked, each chosen with
 * a tap or deleted after asking, and a way to the map for a new one; for pickup and dine-in the chosen branch
 * with its hours today, and a way to the branch map. A chosen address leads on to `next` (a path of ours), else home.
 */
export function ChooseAddressPage() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  const [params] = useSearchParams();
  const next = safePathOr(params.get('next') ?? '/');
  const service = orderServiceType(settings, useChosenServiceType());
  const offered = SERVICES.filter((s) => settings[s.flag]);

  useEffect(() => {
    document.title = t('order.title');
  }, [t]);

  return (
    <div
      data-testid="choose-address-page"
      data-service={service}
      className="mx-auto w-full max-w-xl px-4 pt-5 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <h1 className="mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('order.title')}</h1>

      {offered.length > 1 && (
        <div
          role="radiogroup"
          aria-label={t('order.serviceLabel')}
          className="mb-6 grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-surface p-1 shadow-sm"
        >
          {offered.map(({ type, label, Icon }) => {
            const on = type === service;
            return (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={on}
                data-testid="service-option"
                data-service={type}
                onClick={() => chooseServiceType(merchant.id, type)}
                className={`flex min-h-16 min-w-0 flex-col items-center justify-center gap-1 rounded-xl px-1.5 py-2 text-[13px] leading-tight font-bold transition-colors ${
                  on ? 'bg-brand text-on-brand shadow-sm' : 'text-muted hover:text-ink'
                }`}
              >
                <Icon size={22} className="shrink-0" />
                <span className="max-w-full text-center [overflow-wrap:anywhere]">{t(label)}</span>
              </button>
            );
          })}
        </div>
      )}

      {isDeliveryService(service) ? <DeliveryPlaces next={next} /> : <OrderBranch service={service} />}
    </div>
  );
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mb-3 px-1 text-lg leading-snug font-bold">
      {children}
    </h2>
  );
}

/** The customer's locations: the account's for a logged-in customer, else the guest's on this device. */
function DeliveryPlaces({ next }: { next: string }) {
  const loggedIn = useIsLoggedIn();
  const { data: user } = useMe();
  if (loggedIn && user) return <AccountPlaces userId={user.id} next={next} />;
  return <GuestPlaces next={next} />;
}

function AccountPlaces({ userId, next }: { userId: string; next: string }) {
  const merchant = useCurrentMerchant();
  const queryClient = useQueryClient();
  const list = addressesQuery(merchant.id, userId);
  const { data, isPending, error, refetch } = useQuery(list);

  if (isPending) return <PageSpinner />;
  if (error) {
    return <LoadFailed testId="places-error" icon={<MapPinIcon size={28} />} error={error} onRetry={() => void refetch()} />;
  }
  return (
    <PlaceList
      places={data.map(placedOf)}
      next={next}
      onDelete={async (place) => {
        await deleteAddress(place.id);
        queryClient.setQueryData(list.queryKey, (old) => old?.filter((a) => a.id !== place.id));
      }}
    />
  );
}

function GuestPlaces({ next }: { next: string }) {
  const merchant = useCurrentMerchant();
  const places = useGuestPlaces();
  return (
    <PlaceList
      places={places}
      next={next}
      onDelete={(place) => {
        writeGuestPlaces(
          merchant.id,
          places.filter((p) => p.id !== place.id),
        );
        return Promise.resolve();
      }}
    />
  );
}

/**
 * The locations list ("my locations", docs/spec-index.md section 2, addresses picker): name and description, the order's one
 * marked; a tap applies one to the order, chooses the branch that serves it and goes on to `next`; the bin asks
 * first, and deleting the order's own address sends the customer to the map for another (docs/spec-index.md section 4).
 */
function PlaceList({
  places,
  next,
  onDelete,
}: {
  places: readonly PlacedAddress[];
  next: string;
  onDelete: (place: PlacedAddress) => Promise<void>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchant = useCurrentMerchant();
  const order = useOrderAddress();
  const [picking, setPicking] = useState<string | null>(null);
  const deletion = useConfirmedDelete(onDelete, (place: PlacedAddress) => {
    toast(t('addresses.deleted'), 'success');
    if (isOrderPlace(order, place)) {
      // The order has no address now: the map picker opens for another (docs/spec-index.md section 4, "Address flow").
      applyOrderAddress(merchant.id, null);
      void navigate(deliveryPickerPath('/choose-address'));
    }
  });

  const pick = async (place: PlacedAddress) => {
    if (picking) return;
    setPicking(place.id);
    await deliverTo(merchant.id, place);
    setPicking(null);
    void navigate(next);
  };

  return (
    <section aria-labelledby="my-places-title">
      <SectionTitle id="my-places-title">{t('order.myPlaces')}</SectionTitle>
      {places.length === 0 ? (
        <EmptyState
          testId="places-empty"
          framed
          icon={<MapPinIcon size={28} />}
          title={t('order.emptyTitle')}
          text={t('order.emptyText')}
        />
      ) : (
        <ul data-testid="place-list" className="overflow-hidden rounded-3xl border border-line bg-surface">
          {places.map((p) => {
            const active = isOrderPlace(order, p);
            const title = placeTitle(p);
            return (
              <li
                key={p.id}
                data-testid="place-item"
                data-place-id={p.id}
                data-active={active ? 'true' : 'false'}
                className="flex items-center gap-1 border-b border-line pe-2 last:border-b-0"
              >
                <button
                  type="button"
                  data-testid="place-pick"
                  aria-pressed={active}
                  aria-busy={picking === p.id || undefined}
                  disabled={picking !== null}
                  onClick={() => void pick(p)}
                  className="flex min-w-0 flex-1 items-center gap-3 py-3.5 ps-4 text-start transition-colors hover:bg-surface-2/60 disabled:cursor-wait"
                >
                  <span
                    aria-hidden="true"
                    className={`grid size-10 shrink-0 place-items-center rounded-full ${active ? 'bg-brand text-on-brand' : 'bg-surface-2 text-muted'}`}
                  >
                    {picking === p.id ? (
                      <span className="size-5 animate-spin rounded-full border-[3px] border-current/30 border-t-current" />
                    ) : active ? (
                      <CheckIcon size={20} />
                    ) : (
                      <MapPinIcon size={20} />
                    )}
                  </span>
                  <PlaceText place={p} titleTestId="place-title" />
                </button>
                <IconButton testId="place-delete" label={t('addresses.delete', { name: title })} onClick={() => deletion.ask(p)}>
                  <TrashIcon size={20} />
                </IconButton>
              </li>
            );
          })}
        </ul>
      )}

      <Link to={deliveryPickerPath(next)} data-testid="place-add" className={`${buttonClass({ wide: true })} mt-5`}>
        <PlusIcon size={20} />
        {t('order.add')}
      </Link>

      <DeletePlaceSheet
        doomed={deletion.doomed}
        testId="place-delete"
        busy={deletion.busy}
        error={deletion.failure}
        onClose={deletion.close}
        onConfirm={() => void deletion.confirm()}
      />
    </section>
  );
}

/** For pickup and dine-in: the chosen branch with its status and hours today, and the way to the branch map. */
function OrderBranch({ service }: { service: ServiceType }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const branchId = useChosenBranchId();
  const { data, isPending, error, refetch } = useBranches({ live: true });
  const branch = branchId ? data?.find((b) => b.id === branchId) : undefined;

  return (
    <section aria-labelledby="order-branch-title">
      <SectionTitle id="order-branch-title">{t(service === 'DINE_IN' ? 'order.dineInBranch' : 'order.pickupBranch')}</SectionTitle>
      {isPending && branchId ? (
        <PageSpinner />
      ) : error && !data ? (
        <EmptyState
          testId="order-branch-error"
          framed
          icon={<MapPinIcon size={28} />}
          title={errorText(error)}
          action={
            <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : branch ? (
        <BranchCard branch={branch} />
      ) : (
        <EmptyState
          testId="order-branch-none"
          framed
          icon={<MapPinIcon size={28} />}
          title={t('order.noBranchTitle')}
          text={t('order.noBranchText')}
        />
      )}
      <Link
        to="/branches/map"
        data-testid="order-branch-choose"
        className={`${buttonClass({ wide: true, variant: branch ? 'secondary' : 'primary' })} mt-5`}
      >
        <MapPinIcon size={20} />
        {t(branch ? 'order.changeBranch' : 'order.chooseBranch')}
      </Link>
    </section>
  );
}

function BranchCard({ branch }: { branch: Branch }) {
  const { t, language } = useTranslation();
  const hours = hoursLine(branch.today);
  return (
    <div
      data-testid="order-branch"
      data-branch-id={branch.id}
      data-open={branch.isOpen ? 'true' : 'false'}
      className="rounded-3xl border border-line bg-surface p-4"
    >
      <div className="flex items-start gap-3">
        <p data-testid="order-branch-name" className="min-w-0 flex-1 text-[17px] leading-snug font-bold">
          {pickText(branch.name, language)}
        </p>
        <StatusPill branch={branch} testId="order-branch-status" />
      </div>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {branch.address && (
          <li className="flex items-start gap-2.5">
            <MapPinIcon size={18} className="mt-px shrink-0 text-muted" />
            <span className="text-muted">{branch.address}</span>
          </li>
        )}
        <li className="flex items-start gap-2.5">
          <ClockIcon size={18} className="mt-px shrink-0 text-muted" />
          {hours.kind === 'holiday' ? (
            <span data-testid="order-branch-holiday" className="font-semibold">
              {t('branches.holiday')}
            </span>
          ) : (
            <span data-testid="order-branch-hours">
              {t('branches.today')}{' '}
              <span dir="ltr" className="font-semibold tabular-nums">
                {hours.kind === 'allDay' ? t('branches.allDay') : hours.text}
              </span>
            </span>
          )}
        </li>
      </ul>
    </div>
  );
}
