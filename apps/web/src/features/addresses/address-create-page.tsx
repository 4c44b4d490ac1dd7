import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { AddressRequest, LatLng } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants.ts';
import { useCurrentMerchant, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { ChevronStartIcon } from '../../shared/session/flow-icons.tsx';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useMe } from '../../shared/session/session.api.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { AlertIcon, MapPinIcon } from '../../shared/ui/icons.tsx';
import { SubmitButton } from '../../shared/ui/submit-button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { addressKeys, saveAddress, searchPlaces, useRegion, type Place } from './addresses.api.ts';
import { outsideEveryZone } from './address-zone.ts';

/** The value once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** `/profile/address/create`: find the street and house, check the brand delivers there, add the door's details, save. */
export function AddressCreatePage() {
  const loggedIn = useIsLoggedIn();
  const { data: user } = useMe();
  if (!loggedIn) return <LoginPrompt />;
  if (!user) return null;
  return <AddressCreate userId={user.id} />;
}

interface Details {
  name: string;
  office: string;
  domophone: string;
  entrance: string;
  floor: string;
  comment: string;
}

const EMPTY_DETAILS: Details = { name: '', office: '', domophone: '', entrance: '', floor: '', comment: '' };

function AddressCreate({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  const region = useRegion();
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({ queryKey: addressKeys.search(q), queryFn: ({ signal }) => searchPlaces(q, signal), enabled: q.length >= 2, staleTime: 60_000 });
  const [place, setPlace] = useState<Place | null>(null);
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const [busy, setBusy] = useState(false);

  const point: LatLng | null = place ? [Number(place.lat), Number(place.lon)] : null;
  // Spec section 2: outside every zone (when the brand validates the area) the address cannot be saved.
  const outside = outsideEveryZone(region.data, point, settings.shouldValidateDeliveryArea);
  const street = place?.address?.road ?? place?.name ?? '';

  const choose = (p: Place) => {
    setPlace(p);
    // The house number goes in as the flat or office, which the customer corrects if it is a house.
    setDetails({ ...EMPTY_DETAILS, office: p.address?.house_number ?? '' });
    setQuery('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!place || !point || outside || busy) return;
    setBusy(true);
    const flat = Boolean(details.entrance.trim() || details.floor.trim());
    const body: AddressRequest = {
      type: flat ? 'APARTMENT' : 'HOUSE',
      name: details.name.trim(),
      streetName: street,
      houseNumber: place.address?.house_number ?? '',
      details: { office: details.office.trim(), domophone: details.domophone.trim(), entrance: details.entrance.trim(), floor: details.floor.trim(), comment: details.comment.trim() },
      description: place.display_name,
      latitude: point[0],
      longitude: point[1],
      cityId: null,
      comment: details.comment.trim(),
    };
    try {
      await saveAddress(userId, body);
      await queryClient.invalidateQueries({ queryKey: addressKeys.list(merchant.id, userId) });
      toast(t('addresses.saved'), 'success');
      void navigate('/profile/address');
    } catch (failure) {
      toast(errorText(failure), 'error');
    } finally {
      setBusy(false);
    }
  };

  const set = (key: keyof Details) => (e: { target: { value: string } }) => setDetails((d) => ({ ...d, [key]: e.target.value }));

  return (
    <div data-testid="address-create-page" className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <Link to="/profile/address" className="inline-flex h-10 items-center gap-1 rounded-xl px-1 text-[15px] font-semibold text-muted hover:text-ink">
        <ChevronStartIcon size={20} className="rtl:-scale-x-100" />
        {t('addresses.title')}
      </Link>
      <h1 className="mt-2 mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('addresses.newTitle')}</h1>

      {!place ? (
        <section aria-labelledby="address-search-label">
          <TextField
            id="address-search"
            testId="address-search"
            label={<span id="address-search-label">{t('addresses.searchLabel')}</span>}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('addresses.searchPlaceholder')}
            autoComplete="street-address"
            maxLength={200}
            autoFocus
          />
          {q.length >= 2 && (
            <div className="mt-3" aria-live="polite">
              {search.isPending ? null : search.error ? (
                <p className="px-1 text-[15px] text-muted">{errorText(search.error)}</p>
              ) : search.data.length === 0 ? (
                <EmptyState testId="address-search-empty" role="status" icon={<MapPinIcon size={28} />} title={t('addresses.nothingFound')} />
              ) : (
                <ul data-testid="address-results" className="overflow-hidden rounded-3xl border border-line bg-surface">
                  {search.data.map((p) => (
                    <li key={`${p.lat},${p.lon},${p.display_name}`} className="border-b border-line last:border-b-0">
                      <button type="button" data-testid="address-result" onClick={() => choose(p)} className="flex w-full items-start gap-3 px-4 py-3 text-start hover:bg-surface-2">
                        <MapPinIcon size={20} className="mt-0.5 shrink-0 text-muted" />
                        <span className="min-w-0">
                          <span className="block font-semibold">
                            <bdi>{p.name}</bdi>
                          </span>
                          <span className="block text-[13px] text-muted">
                            <bdi>{p.display_name}</bdi>
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </section>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <div data-testid="address-chosen" className="flex items-start gap-3 rounded-3xl border border-line bg-surface px-4 py-3.5">
            <MapPinIcon size={20} className="mt-0.5 shrink-0 text-muted" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">
                <bdi>{place.name}</bdi>
              </span>
              <span className="block text-[13px] text-muted">
                <bdi>{place.display_name}</bdi>
              </span>
            </span>
            <button type="button" data-testid="address-change" onClick={() => setPlace(null)} className={buttonClass({ variant: 'soft', size: 'sm' })}>
              {t('addresses.change')}
            </button>
          </div>
          {outside && (
            <p data-testid="address-out-of-zone" role="alert" className="flex items-center gap-2 rounded-2xl bg-red-600/10 px-4 py-3 text-[15px] font-semibold text-red-700 dark:text-red-300">
              <AlertIcon size={20} />
              {t('addresses.outOfZone')}
            </p>
          )}
          <TextField id="address-name" testId="address-name" label={t('addresses.name')} placeholder={t('addresses.namePlaceholder')} value={details.name} onChange={set('name')} maxLength={64} />
          <div className="grid grid-cols-2 gap-3">
            <TextField id="address-office" testId="address-office" label={t('addresses.office')} value={details.office} onChange={set('office')} maxLength={64} />
            <TextField id="address-domophone" testId="address-domophone" label={t('addresses.domophone')} value={details.domophone} onChange={set('domophone')} maxLength={32} />
            <TextField id="address-entrance" testId="address-entrance" label={t('addresses.entrance')} value={details.entrance} onChange={set('entrance')} maxLength={16} inputMode="numeric" />
            <TextField id="address-floor" testId="address-floor" label={t('addresses.floor')} value={details.floor} onChange={set('floor')} maxLength={16} inputMode="numeric" />
          </div>
          <TextField id="address-comment" testId="address-comment" label={t('addresses.comment')} value={details.comment} onChange={set('comment')} maxLength={500} />
          <SubmitButton testId="address-save" busy={busy} disabled={outside || !street}>
            {t('addresses.save')}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
