import { useEffect, useRef, useState } from 'react';
import { yandexMapKeyOf } from '@dasturxon/domain';
import { useMerchantSettings } from '../merchant/merchant.api.ts';
import type { CreateMap, MapOptions, MapView } from './map-view.ts';

/* Each adapter is its own chunk, fetched when a map opens: nothing of either is on the first screen. */
const leaflet = (): Promise<CreateMap> => import('./leaflet-map.ts').then((m) => m.createLeafletMap);
const yandex = (key: string): Promise<CreateMap> => import('./yandex-map.ts').then((m) => m.yandexMapWith(key));

/**
 * The brand's map in the element `ref` is put on: Yandex's for a brand with mapType YANDEX and a Yandex key, Leaflet's
 * otherwise, and Leaflet's as well when Yandex's script cannot be loaded. `options` are read once, when the map is made;
 * the view is null until it is ready.
 */
export function useMapView(options: MapOptions): [React.RefObject<HTMLDivElement | null>, MapView | null] {
  const key = yandexMapKeyOf(useMerchantSettings());
  const ref = useRef<HTMLDivElement | null>(null);
  const initial = useRef(options);
  const [view, setView] = useState<MapView | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    let made: MapView | null = null;
    const open = async (create: Promise<CreateMap>) => {
      const v = await (await create)(element, initial.current);
      if (cancelled) v.destroy();
      else {
        made = v;
        setView(v);
      }
    };
    (key ? open(yandex(key)) : open(leaflet())).catch((error: unknown) => {
      if (cancelled) return;
      if (!key) throw error;
      console.warn("Yandex's maps did not load: showing OpenStreetMap's", error);
      void open(leaflet());
    });
    return () => {
      cancelled = true;
      made?.destroy();
      setView(null);
    };
  }, [key]);
  return [ref, view];
}
