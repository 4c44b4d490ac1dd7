import {
  AppError,
  groupWorkHours,
  hoursOfType,
  isOpenAt,
  todayHours,
  WEEK_NAMES,
  type Branch,
  type BranchSettings,
  type WorkHours,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import type { BranchesRepository, BranchRows } from './branches.repository.ts';

type BranchRow = BranchRows['branches'][number];
type HoursRow = BranchRows['hours'][number];
type SpecialRow = BranchRows['special'][number];

const SETTINGS_FLAGS = [
  'bookingEnabled',
  'deliveryEnabled',
  'dineinEnabled',
  'expressEnabled',
  'kitchenEnabled',
  'payOfficeEnabled',
  'pickupEnabled',
  'storageEnabled',
  'yandexEnabled',
] as const satisfies readonly (keyof BranchSettings)[];

/** The public flags only: the settings JSON also holds staff ids, which stay here. */
function settingsOf(json: Record<string, unknown> | null): BranchSettings {
  return Object.fromEntries(SETTINGS_FLAGS.map((f) => [f, json?.[f] === true])) as BranchSettings;
}

/** A day without hours is a holiday (docs/spec-index.md section 4); the wire spells that out so every type lists the seven days. */
function withSevenDays(hours: WorkHours): WorkHours {
  const byDay = new Map(hours.days.map((d) => [d.weekName, d]));
  return {
    type: hours.type,
    days: WEEK_NAMES.map(
      (weekName) => byDay.get(weekName) ?? { weekName, open: '00:00', close: '00:00', extraOpen: null, extraClose: null, isDayOff: true },
    ),
  };
}

/** A branch as the list and the map show it, with open-now and today's hours of its PICK_UP hours in its city's time zone. */
export function toBranch(row: BranchRow, hoursRows: readonly HoursRow[], now: Date, special: readonly SpecialRow[] = []): Branch {
  const hours = groupWorkHours(hoursRows);
  const pickUp = hoursOfType(hours, 'PICK_UP');
  const today = todayHours(pickUp, now, row.timeZone, special);
  const main = today.isHoliday ? null : today.intervals[today.intervals.length - 1]!;
  return {
    id: row.id,
    merchantId: row.merchantId,
    cityId: row.cityId,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    bookingPhone: row.bookingPhone,
    isActive: row.isActive,
    isMain: row.isMain,
    deliveryPrice: row.deliveryPrice,
    deliveryStart: row.deliveryStart,
    deliveryEnd: row.deliveryEnd,
    deliveryMinAmount: row.deliveryMinAmount,
    priority: row.priority,
    settings: settingsOf(row.settings as unknown as Record<string, unknown>),
    workHours: hours.map(withSevenDays),
    timeZone: row.timeZone,
    isOpen: row.isActive && isOpenAt(pickUp, now, row.timeZone, special),
    today,
    open: main?.open ?? null,
    close: main?.close ?? null,
  };
}

function toBranches({ branches, hours, special }: BranchRows, now: Date): Branch[] {
  const byBranch = new Map<string, HoursRow[]>();
  for (const h of hours) {
    const list = byBranch.get(h.branchId);
    if (list) list.push(h);
    else byBranch.set(h.branchId, [h]);
  }
  return branches.map((b) =>
    toBranch(
      b,
      byBranch.get(b.id) ?? [],
      now,
      special.filter((s) => s.branchId === b.id),
    ),
  );
}

export interface BranchesServiceDeps {
  repo: BranchesRepository;
  clock: Clock;
}

export function createBranchesService({ repo, clock }: BranchesServiceDeps) {
  return {
    async list(merchantId: string): Promise<Branch[]> {
      return toBranches(await repo.list(merchantId), clock.now());
    },

    /** The branches of a city; a city that is not the merchant's is not found, so a tenant learns nothing of another's. */
    async ofCity(merchantId: string, cityId: string | undefined): Promise<Branch[]> {
      const rows = await repo.list(merchantId, cityId);
      if (cityId && rows.branches.length === 0 && !(await repo.cityExists(merchantId, cityId))) throw new AppError('CITY_NOT_FOUND');
      return toBranches(rows, clock.now());
    },

    async one(merchantId: string, id: string): Promise<Branch> {
      const [branch] = toBranches(await repo.one(merchantId, id), clock.now());
      if (!branch) throw new AppError('BRANCH_NOT_FOUND');
      return branch;
    },
  };
}

export type BranchesService = ReturnType<typeof createBranchesService>;
