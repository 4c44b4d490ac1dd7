import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Address } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useMe } from '../../shared/session/session.api.ts';
import { placeTitle } from '../../shared/order/place-title.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { TrashIcon } from '../../shared/ui/action-icons.tsx';
import { buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconButton } from '../../shared/ui/icon-button.tsx';
import { MapPinIcon, PlusIcon } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { addressesQuery, deleteAddress } from './addresses.api.ts';
import { DeletePlaceSheet, PlaceText } from './place-parts.tsx';
import { BackLink, LoadFailed, useConfirmedDelete } from '../../shared/ui/page-parts.tsx';

/** `/profile/address`: the signed-in customer's saved addresses, each with a delete that asks first. */
export function AddressBookPage() {
  const loggedIn = useIsLoggedIn();
  const { data: user } = useMe();
  if (!loggedIn) return <LoginPrompt />;
  if (!user) return null;
  return <AddressBook userId={user.id} />;
}

function AddressBook({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const queryClient = useQueryClient();
  const list = addressesQuery(merchant.id, userId);
  const { data: addresses, isPending, error, refetch } = useQuery(list);
  const deletion = useConfirmedDelete(
    (a: Address) => deleteAddress(a.id),
    (gone) => {
      queryClient.setQueryData(list.queryKey, (old) => old?.filter((a) => a.id !== gone.id));
      toast(t('addresses.deleted'), 'success');
    },
  );

  return (
    <div
      data-testid="address-book-page"
      className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <BackLink to="/profile" label={t('addresses.backToProfile')} />
      <h1 className="mt-2 mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('addresses.title')}</h1>

      {isPending ? (
        <PageSpinner />
      ) : error ? (
        <LoadFailed testId="address-book-error" icon={<MapPinIcon size={28} />} error={error} onRetry={() => void refetch()} />
      ) : addresses.length === 0 ? (
        <EmptyState
          testId="address-book-empty"
          framed
          icon={<MapPinIcon size={28} />}
          title={t('addresses.emptyTitle')}
          text={t('addresses.emptyText')}
        />
      ) : (
        <ul className="overflow-hidden rounded-3xl border border-line bg-surface">
          {addresses.map((a) => (
            <li
              key={a.id}
              data-testid="address-item"
              data-address-id={a.id}
              className="flex items-center gap-3 border-b border-line px-4 py-3.5 last:border-b-0"
            >
              <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-2 text-muted">
                <MapPinIcon size={20} />
              </span>
              <PlaceText place={a} titleTestId="address-title" />
              <IconButton testId="address-delete" label={t('addresses.delete', { name: placeTitle(a) })} onClick={() => deletion.ask(a)}>
                <TrashIcon size={20} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}

      <Link to="/profile/address/create" data-testid="address-add" className={`${buttonClass({ wide: true })} mt-5`}>
        <PlusIcon size={20} />
        {t('addresses.add')}
      </Link>

      <DeletePlaceSheet
        doomed={deletion.doomed}
        testId="address-delete"
        busy={deletion.busy}
        error={deletion.failure}
        onClose={deletion.close}
        onConfirm={() => void deletion.confirm()}
      />
    </div>
  );
}
