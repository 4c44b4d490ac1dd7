import { describe, expect, it } from 'vitest';
import type { Branch, City } from '@dasturxon/domain';
import { canChoose, defaultCityId, hoursLine, pickupBranches } from './branch-rules.ts';

const city = (id: string, isMain = false): City => ({
  id,
  name: { ru: id },
  description: '',
  latitude: 41,
  longitude: 69,
  isMain,
  isTaximeter: false,
  timeZone: 'Asia/Tashkent',
  taximeterCommentUz: '',
  taximeterCommentRu: '',
  taximeterCommentEn: '',
});

const branch = (id: string, cityId: string, extra: Partial<Branch> = {}): Branch =>
  ({
    id,
    cityId,
    isActive: true,
    isMain: false,
    isOpen: true,
    priority: 0,
    settings: { pickupEnabled: true },
    today: { isHoliday: false, intervals: [{ open: '09:00', close: '22:00' }] },
    ...extra,
  }) as Branch;

describe('hoursLine', () => {
  it('says holiday for a day off or a day without hours', () => {
    expect(hoursLine({ isHoliday: true })).toEqual({ kind: 'holiday' });
    expect(hoursLine({ isHoliday: false, intervals: [] })).toEqual({ kind: 'holiday' });
  });

  it('lists the extra interval first, as given', () => {
    expect(
      hoursLine({
        isHoliday: false,
        intervals: [
          { open: '08:00', close: '10:00' },
          { open: '11:00', close: '23:00' },
        ],
      }),
    ).toEqual({
      kind: 'intervals',
      text: '08:00–10:00, 11:00–23:00',
    });
    expect(hoursLine({ isHoliday: false, intervals: [{ open: '10:00', close: '03:00' }] })).toEqual({
      kind: 'intervals',
      text: '10:00–03:00',
    });
  });

  it('reads an interval from a time to the same time as round the clock', () => {
    expect(hoursLine({ isHoliday: false, intervals: [{ open: '00:00', close: '00:00' }] })).toEqual({ kind: 'allDay' });
  });
});

describe('pickupBranches', () => {
  it('keeps active pickup branches of the city, main first, then by priority', () => {
    const list = [
      branch('b', 'tash', { priority: 2 }),
      branch('a', 'tash', { priority: 1 }),
      branch('main', 'tash', { isMain: true, priority: 9 }),
      branch('delivery-only', 'tash', { settings: { pickupEnabled: false } as Branch['settings'] }),
      branch('off', 'tash', { isActive: false }),
      branch('sam', 'samarkand'),
    ];
    expect(pickupBranches(list, 'tash').map((b) => b.id)).toEqual(['main', 'a', 'b']);
    expect(pickupBranches(list, null).map((b) => b.id)).toEqual(['main', 'sam', 'a', 'b']);
  });
});

describe('defaultCityId', () => {
  const cities = [city('tash', true), city('sam')];
  const branches = [branch('reg', 'sam'), branch('chil', 'tash')];
  it('opens on the chosen branch city, else the only city, else the main one', () => {
    expect(defaultCityId({ cities, branches, chosenBranchId: 'reg', mainCityId: null })).toBe('sam');
    expect(defaultCityId({ cities: [city('sam')], branches, chosenBranchId: null, mainCityId: 'tash' })).toBe('sam');
    expect(defaultCityId({ cities, branches, chosenBranchId: null, mainCityId: null })).toBe('tash');
    expect(defaultCityId({ cities: [city('x'), city('sam')], branches, chosenBranchId: 'gone', mainCityId: 'sam' })).toBe('sam');
    expect(defaultCityId({ cities: [], branches, chosenBranchId: null, mainCityId: null })).toBeNull();
  });
});

describe('canChoose', () => {
  it('refuses a closed or inactive branch', () => {
    expect(canChoose({ isOpen: true, isActive: true })).toBe(true);
    expect(canChoose({ isOpen: false, isActive: true })).toBe(false);
    expect(canChoose({ isOpen: true, isActive: false })).toBe(false);
  });
});
