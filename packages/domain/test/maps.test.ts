import { describe, expect, it } from 'vitest';
import { mapProviderOf, mapsCspSources, yandexMapKeyOf, yandexMapsScriptUrl } from '../src/maps.ts';

const KEY = '0c2b1a9e-5d3f-4b7a-9e21-3f4c5d6e7f80';

describe('maps provider rule', () => {
  it('is Yandex only for mapType YANDEX with a key', () => {
    expect(mapProviderOf({ mapType: 'YANDEX', yandexMapKey: KEY })).toBe('yandex');
    expect(yandexMapKeyOf({ mapType: 'YANDEX', yandexMapKey: ` ${KEY} ` })).toBe(KEY);
  });
  it('is Leaflet without a key, with LEAFLET, or without settings', () => {
    expect(mapProviderOf({ mapType: 'YANDEX', yandexMapKey: '' })).toBe('leaflet');
    expect(mapProviderOf({ mapType: 'YANDEX', yandexMapKey: 'not a key!' })).toBe('leaflet');
    expect(mapProviderOf({ mapType: 'LEAFLET', yandexMapKey: KEY })).toBe('leaflet');
    expect(mapProviderOf(null)).toBe('leaflet');
  });
  it('opens the Yandex origins of the CSP for a Yandex brand only', () => {
    expect(mapsCspSources({ mapType: 'YANDEX', yandexMapKey: KEY }).script).toContain('https://api-maps.yandex.ru');
    expect(mapsCspSources({ mapType: 'LEAFLET', yandexMapKey: KEY })).toEqual({ script: [], connect: [], frame: [] });
    expect(mapsCspSources({ mapType: 'YANDEX', yandexMapKey: '' })).toEqual({ script: [], connect: [], frame: [] });
  });
  it('loads the JavaScript API 2.1 with the key, in Russian', () => {
    expect(yandexMapsScriptUrl(KEY)).toBe(`https://api-maps.yandex.ru/2.1/?apikey=${KEY}&lang=ru_RU`);
  });
});
