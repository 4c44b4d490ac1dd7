/*
 * Which maps a brand's storefront draws (issue 31): Yandex's (JavaScript API 2.1) where its settings say YANDEX and it
 * has a Yandex key, Leaflet with OpenStreetMap tiles otherwise. The storefront's map provider, the Content Security
 * Policy and the server's geocoder all read this one rule.
 */

/** What the rule reads of a brand's settings. */
export interface MapSettings {
  mapType?: string | null;
  yandexMapKey?: string | null;
}

export type MapProviderName = 'yandex' | 'leaflet';

/** Where the JavaScript API 2.1 is loaded from (its `apikey` and `lang` in the query). */
export const YANDEX_MAPS_SCRIPT = 'https://api-maps.yandex.ru/2.1/';

/**
 * The origins the JavaScript API 2.1 uses once loaded: its loader and modules (api-maps), its tiles and
 * vector data (core-renderer-tiles, *.maps.yandex.net), its geocoder and suggest (geocode-maps, suggest-maps) and
 * its statistics (yandex.ru). Only a Yandex brand's pages get them.
 */
export const YANDEX_MAPS_CSP = {
  script: [
    'https://api-maps.yandex.ru',
    'https://suggest-maps.yandex.ru',
    'https://*.maps.yandex.net',
    'https://yandex.ru',
    'https://yastatic.net',
  ],
  connect: [
    'https://api-maps.yandex.ru',
    'https://suggest-maps.yandex.ru',
    'https://*.maps.yandex.net',
    'https://geocode-maps.yandex.ru',
    'https://yandex.ru',
  ],
  frame: ['https://api-maps.yandex.ru'],
} as const;

/** A key as Yandex's developer cabinet shows it (a UUID); anything else is no key. */
const YANDEX_KEY = /^[A-Za-z0-9-]{8,64}$/;

/** The brand's Yandex key when its maps are Yandex's, else null. */
export function yandexMapKeyOf(settings: MapSettings | null | undefined): string | null {
  if (!settings || settings.mapType !== 'YANDEX') return null;
  const key = settings.yandexMapKey?.trim() ?? '';
  return YANDEX_KEY.test(key) ? key : null;
}

/** Yandex with a key, Leaflet otherwise (an OSM brand, a Yandex brand without a key, settings not loaded). */
export function mapProviderOf(settings: MapSettings | null | undefined): MapProviderName {
  return yandexMapKeyOf(settings) ? 'yandex' : 'leaflet';
}

/** The script address of the JavaScript API 2.1 for a key, in Russian (the brief's `lang=ru_RU`). */
export function yandexMapsScriptUrl(key: string): string {
  return `${YANDEX_MAPS_SCRIPT}?apikey=${encodeURIComponent(key)}&lang=ru_RU`;
}

/** The CSP origins a brand's maps need: Yandex's for a Yandex brand with a key, none for others. */
export function mapsCspSources(settings: MapSettings | null | undefined): { script: string[]; connect: string[]; frame: string[] } {
  if (mapProviderOf(settings) !== 'yandex') return { script: [], connect: [], frame: [] };
  return { script: [...YANDEX_MAPS_CSP.script], connect: [...YANDEX_MAPS_CSP.connect], frame: [...YANDEX_MAPS_CSP.frame] };
}
