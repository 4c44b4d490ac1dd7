import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pickText, roundPoint, samePlace, type AddressRequest, type LatLng } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBoot } from '../../shared/merchant/boot.ts';
import { telegramLocation } from '../../shared/telegram/location.ts';
import { useCurrentMerchant, useMerchantCities, useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SearchIcon } from '../../shared/ui/icons.tsx';
import { IconButton } from '../../shared/ui/icon-button.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { addressKeys, reversePlace, useRegion, type Place } from './addresses.api.ts';
import { outsideEveryZone } from './address-zone.ts';
import { DetailsSheet, type DoorDetails } from './details-sheet.tsx';
import { OutOfZoneNotice } from './out-of-zone.tsx';
import { addressOf, reverseFailed, streetOf, typedPlace, type TypedStreet } from './place-rules.ts';
import { TypedStreetFields } from './typed-street.tsx';
import { LocationMap } from './location-map.tsx';
import { SearchSheet } from './search-sheet.tsx';

/**
 * The delivery location picker (docs/spec-index.md sections 2 and 4, "Delivery location sheet"): the map with a fixed centre
 * marker; every move reverse-geocodes the centre and tests it against the zones; the street with the house
 * in brackets over the map; 'Out of Service zone' and Save disabled outside every zone (when the brand validates
 * the area) or while no street is known; a city selector only with several cities; a search button opening the
 * search sheet; Save opening the details sheet, whose Save hands the address over.
 */
export function LocationPicker({ start, onSave }: { start: LatLng | null; onSave: (address: AddressRequest) => Promise<boolean> }) {
  const { t, language } = useTranslation();
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  const region = useRegion();
  const { inTelegram } = useBoot();
  const cities = useMerchantCities(merchant.id).data ?? [];
  const mainCity = cities.find((c) => c.id === merchant.mainCityId) ?? cities.find((c) => c.isMain) ?? cities[0];
  const home: LatLng = start ?? (mainCity ? [mainCity.latitude, mainCity.longitude] : [merchant.latitude, merchant.longitude]);

  const [target, setTarget] = useState({ point: home, key: 0 });
  const [centre, setCentre] = useState<LatLng>(home);
  const [cityId, setCityId] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ point: LatLng; place: Place } | null>(null);
  const [searching, setSearching] = useState(false);
  const [detailing, setDetailing] = useState(false);
  const [openings, setOpenings] = useState(0);
  const [busy, setBusy] = useState(false);
  const moveTo = (point: LatLng) => setTarget((old) => ({ point, key: old.key + 1 }));

  // Spec section 4: without a place to start from, the picker starts where the device is, when it says.
  const asked = useRef(false);
  useEffect(() => {
    if (start || asked.current) return;
    asked.current = true;
    // Inside Telegram the place comes from Telegram's location, never from the browser's prompt.
    if (inTelegram) {
      void telegramLocation().then((point) => point && moveTo(point));
      return;
    }
    if (!('geolocation' in navigator)) {
      toast(t('addresses.noGeolocation'), 'error');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => moveTo([position.coords.latitude, position.coords.longitude]),
      () => {
        // Refused or unknown: the map stays on the brand's city.
      },
      { timeout: 5000, maximumAge: 60_000 },
    );
  }, [start, t, inTelegram]);

  const reverse = useQuery({
    queryKey: addressKeys.reverse(centre, language),
    queryFn: ({ signal }) => reversePlace(centre, language, signal),
    retry: false,
    staleTime: 10 * 60_000,
    // A place picked from the search answers for its own point.
    enabled: !(picked && samePlace(picked.point, centre)),
  });
  // Spec section 8: the geocoder failing (not its 404 for an unknown place) says so, to report it or retry later.
  const failedAt = reverseFailed(reverse.error) ? reverse.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast(t('addresses.reverseFailed'), 'error');
  }, [failedAt, t]);
  const found = picked && samePlace(picked.point, centre) ? picked.place : reverse.isError ? null : (reverse.data ?? null);
  // No street known at the pin (once the geocoder has answered): the customer types it, the pin stays.
  const [typed, setTyped] = useState<TypedStreet>({ street: '', house: '' });
  const outside = outsideEveryZone(region.data, centre, settings.shouldValidateDeliveryArea);
  // Outside every zone there is nothing to type: the notice offers pickup instead.
  const typing = !outside && !reverse.isFetching && !streetOf(found).street;
  const place = typing ? (typed.street.trim() ? typedPlace(centre, typed, found) : null) : found;
  const { street, house } = streetOf(place);
  const cantSave = outside || !street || !place;

  const save = async (details: DoorDetails) => {
    if (!place) return;
    setBusy(true);
    try {
      // A place picked from the search is saved at its own point, not at the map's rounding of it.
      const point = picked && samePlace(picked.point, centre) ? picked.point : centre;
      if (await onSave(addressOf(point, place, details, cityId ?? mainCity?.id ?? null))) setDetailing(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="location-picker" data-outside={outside} className="relative h-full">
      <h1 className="sr-only">{t('addresses.pickTitle')}</h1>
      <LocationMap target={target} zones={region.data ?? []} onCentre={setCentre} />

      {/* Beside the layout's back button: the search button, then the city selector and the warning under them. */}
      <div className="pointer-events-none absolute inset-x-0 top-0 z-[450] flex flex-col items-center gap-2 px-4 pt-[max(1rem,env(safe-area-inset-top))]">
        <div className="flex w-full justify-end">
          <IconButton
            label={t('addresses.searchTitle')}
            tone="floating"
            size="lg"
            testId="address-search-open"
            onClick={() => setSearching(true)}
            className="pointer-events-auto size-11 bg-surface shadow-lg"
          >
            <SearchIcon size={22} />
          </IconButton>
        </div>
        {cities.length > 1 && (
          <label className="pointer-events-auto">
            <span className="sr-only">{t('addresses.city')}</span>
            <select
              data-testid="address-city"
              value={cityId ?? mainCity?.id ?? ''}
              onChange={(e) => {
                const city = cities.find((c) => c.id === e.target.value);
                if (!city) return;
                setCityId(city.id);
                moveTo([city.latitude, city.longitude]);
              }}
              className="h-10 rounded-full border border-line bg-surface px-4 text-[15px] font-semibold shadow-lg"
            >
              {cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {pickText(c.name, language)}
                </option>
              ))}
            </select>
          </label>
        )}
        {outside && <OutOfZoneNotice point={centre} />}
      </div>

      <div className="absolute inset-x-0 bottom-0 z-[450] rounded-t-3xl bg-surface px-4 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_rgb(0_0_0/.12)]">
        {typing && <TypedStreetFields value={typed} onChange={setTyped} />}
        <p data-testid="address-street" aria-live="polite" className="mb-3 min-h-7 truncate text-[19px] font-extrabold">
          {street ? (
            <bdi>
              {street}
              {house ? ` (${house})` : ''}
            </bdi>
          ) : typing ? null : (
            <span className="font-semibold text-muted">{reverse.isFetching ? t('addresses.locating') : t('addresses.noStreet')}</span>
          )}
        </p>
        <Button
          variant="primary"
          size="lg"
          wide
          testId="address-confirm"
          disabled={cantSave}
          onClick={() => {
            setOpenings((n) => n + 1);
            setDetailing(true);
          }}
        >
          {t('addresses.confirm')}
        </Button>
      </div>

      <SearchSheet
        open={searching}
        onOpenChange={setSearching}
        onPick={(p) => {
          const point = roundPoint([Number(p.lat), Number(p.lon)]);
          setPicked({ point, place: p });
          setCentre(point);
          moveTo(point);
        }}
      />
      <DetailsSheet
        open={detailing}
        opening={openings}
        onOpenChange={setDetailing}
        street={street}
        houseNumber={house}
        busy={busy}
        onSave={(d) => void save(d)}
      />
    </div>
  );
}
