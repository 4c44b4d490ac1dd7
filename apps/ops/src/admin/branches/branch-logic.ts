import { DEFAULT_PREP_MINUTES, WEEK_NAMES, WORK_HOURS_TYPES, roundPoint, type WeekName, type WorkHoursType } from '@dasturxon/domain';
import {
  BranchFields,
  type AdminBranch,
  type BranchHoursWrite,
  type LocalizedText,
  type SpecialDay,
  type SpecialDaysWrite,
  type WorkHours,
} from '@dasturxon/domain/contracts';

/*
 * The branch screen's forms and the API's shapes, both ways (issue 28, docs/back-office.md "Branches, hours and
 * tables"): what the console edits is strings and switches; what it sends is the contracts of admin-branches.ts.
 * The hours rule itself (a close at or before its open ends the next day) is the domain's (packages/domain/src/hours.ts).
 */

/** The times a new day starts with. */
export const NEW_DAY = { from: '10:00', to: '22:00' } as const;

/** One weekday of the form: open or closed (its times kept while closed), and a second interval when split. */
export interface DayRow {
  weekName: WeekName;
  open: boolean;
  from: string;
  to: string;
  split: boolean;
  extraFrom: string;
  extraTo: string;
}

/** The week of every service type; null where the branch keeps no hours of that type. */
export type WeekForm = Record<WorkHoursType, DayRow[] | null>;

const newDay = (weekName: WeekName): DayRow => ({
  weekName,
  open: true,
  from: NEW_DAY.from,
  to: NEW_DAY.to,
  split: false,
  extraFrom: '',
  extraTo: '',
});

/** A week open every day at the usual times (a type's hours when first set). */
export const newWeek = (): DayRow[] => WEEK_NAMES.map(newDay);

/** The API's hours as the form: each type's seven days in order; a day the API leaves out is closed. */
export function weekFromHours(hours: readonly WorkHours[]): WeekForm {
  const form = Object.fromEntries(WORK_HOURS_TYPES.map((t) => [t, null])) as WeekForm;
  for (const { type, days } of hours) {
    form[type] = WEEK_NAMES.map((weekName) => {
      const day = days.find((d) => d.weekName === weekName);
      if (!day) return { ...newDay(weekName), open: false };
      const split = day.extraOpen !== null && day.extraClose !== null;
      return {
        weekName,
        open: !day.isDayOff,
        from: day.open,
        to: day.close,
        split,
        extraFrom: split ? day.extraOpen! : '',
        extraTo: split ? day.extraClose! : '',
      };
    });
  }
  return form;
}

/** The form as `PUT branches/{id}/hours` takes it: every type that has hours, all seven days (a closed one `isDayOff`). */
export function hoursFromWeek(week: WeekForm): BranchHoursWrite['hours'] {
  return WORK_HOURS_TYPES.flatMap((type) => {
    const days = week[type];
    if (!days) return [];
    return [
      {
        type,
        days: days.map((d) => ({
          weekName: d.weekName,
          open: d.from,
          close: d.to,
          extraOpen: d.split ? d.extraFrom : null,
          extraClose: d.split ? d.extraTo : null,
          isDayOff: !d.open,
        })),
      },
    ];
  });
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** How an interval runs by the domain's rule: a close before its open ends the next morning, an equal one never closes. */
export function spanOf(from: string, to: string): 'sameDay' | 'pastMidnight' | 'roundTheClock' | null {
  if (!HHMM.test(from) || !HHMM.test(to)) return null;
  if (from === to) return 'roundTheClock';
  return minutes(to) < minutes(from) ? 'pastMidnight' : 'sameDay';
}

/** What the week form lacks before it can be sent: `type.weekName.field` of each time missing or not HH:MM. */
export function weekProblems(week: WeekForm): string[] {
  const out: string[] = [];
  for (const type of WORK_HOURS_TYPES) {
    for (const d of week[type] ?? []) {
      // A closed day keeps its times, but only an open one's must be right (the API still wants HH:MM: see fill).
      if (!d.open) continue;
      const fields: (keyof DayRow)[] = d.split ? ['from', 'to', 'extraFrom', 'extraTo'] : ['from', 'to'];
      for (const f of fields) if (!HHMM.test(d[f] as string)) out.push(`${type}.${d.weekName}.${f}`);
    }
  }
  return out;
}

/** A closed day's times as the API needs them (HH:MM even when unused): the typed ones, else the usual ones. */
export function filledWeek(week: WeekForm): WeekForm {
  const fill = (d: DayRow): DayRow =>
    d.open
      ? d
      : {
          ...d,
          from: HHMM.test(d.from) ? d.from : NEW_DAY.from,
          to: HHMM.test(d.to) ? d.to : NEW_DAY.to,
          split: d.split && HHMM.test(d.extraFrom) && HHMM.test(d.extraTo),
        };
  return Object.fromEntries(WORK_HOURS_TYPES.map((t) => [t, week[t]?.map(fill) ?? null])) as WeekForm;
}

/** One day's change applied to every day of the week (the "same every day" button). */
export const sameEveryDay = (days: readonly DayRow[], like: DayRow): DayRow[] => days.map((d) => ({ ...like, weekName: d.weekName }));

/** A special day of the form; `key` tells the rows apart while a date is still being typed. */
export interface SpecialRow {
  key: string;
  date: string;
  closed: boolean;
  from: string;
  to: string;
  note: string;
}

let keys = 0;
const nextKey = () => `s${++keys}`;

export const specialFromDays = (days: readonly SpecialDay[]): SpecialRow[] =>
  days.map((d) => ({
    key: nextKey(),
    date: d.date,
    closed: d.isDayOff,
    from: d.open ?? NEW_DAY.from,
    to: d.close ?? NEW_DAY.to,
    note: d.note,
  }));

/** A new special day: the day after the last one listed (else `today`), closed. */
export function newSpecial(rows: readonly SpecialRow[], today: string): SpecialRow {
  const last = rows
    .map((r) => r.date)
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort()
    .at(-1);
  const base = last && last >= today ? last : null;
  const date = base ? new Date(Date.parse(`${base}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : today;
  return { key: nextKey(), date, closed: true, from: NEW_DAY.from, to: NEW_DAY.to, note: '' };
}

/** The rows as `PUT branches/{id}/special-days` takes them, in date order. */
export const daysFromSpecial = (rows: readonly SpecialRow[]): SpecialDaysWrite['days'] =>
  [...rows]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((r) => ({
      date: r.date,
      isDayOff: r.closed,
      open: r.closed ? null : r.from,
      close: r.closed ? null : r.to,
      note: r.note.trim(),
    }));

/** What the special days lack: `key.field` of a date missing or twice, a time missing on a day that opens. */
export function specialProblems(rows: readonly SpecialRow[]): string[] {
  const out: string[] = [];
  rows.forEach((r, i) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date)) out.push(`${r.key}.date`);
    else if (rows.findIndex((o) => o.date === r.date) !== i) out.push(`${r.key}.date`);
    if (!r.closed) for (const f of ['from', 'to'] as const) if (!HHMM.test(r[f])) out.push(`${r.key}.${f}`);
  });
  return out;
}

/** The branch form: what the owner types, numbers as text until sent. */
export interface BranchDraft {
  name: LocalizedText;
  cityId: string;
  address: string;
  latitude: string;
  longitude: string;
  phone: string;
  services: { delivery: boolean; pickup: boolean; dineIn: boolean };
  deliveryMinAmount: string;
  /** The usual preparation minutes (the arrival estimate's kitchen time). */
  prepMinutes: string;
  isActive: boolean;
  priority: number;
}

export function draftOf(branch: AdminBranch | null, city: { id: string; latitude: number; longitude: number } | undefined): BranchDraft {
  if (branch)
    return {
      name: branch.name,
      cityId: branch.cityId,
      address: branch.address,
      latitude: String(branch.latitude),
      longitude: String(branch.longitude),
      phone: branch.phone,
      services: { ...branch.services },
      deliveryMinAmount: String(branch.deliveryMinAmount),
      prepMinutes: String(branch.prepMinutes),
      isActive: branch.isActive,
      priority: branch.priority,
    };
  return {
    name: {},
    cityId: city?.id ?? '',
    address: '',
    latitude: city ? String(city.latitude) : '',
    longitude: city ? String(city.longitude) : '',
    phone: '',
    services: { delivery: true, pickup: true, dineIn: false },
    // A new branch takes no orders until its owner has filled it in and opens it.
    deliveryMinAmount: '0',
    prepMinutes: String(DEFAULT_PREP_MINUTES),
    isActive: false,
    priority: 0,
  };
}

/** A point on the map as the draft keeps it (six decimals, the domain's rounding). */
export function pointText(latitude: number, longitude: number): { latitude: string; longitude: string } {
  const [lat, lng] = roundPoint([latitude, longitude]);
  return { latitude: String(lat), longitude: String(lng) };
}

/** The draft's point, when both numbers read as a place on the globe. */
export function pointOf(draft: Pick<BranchDraft, 'latitude' | 'longitude'>): [number, number] | null {
  const lat = Number(draft.latitude);
  const lng = Number(draft.longitude);
  if (draft.latitude.trim() === '' || draft.longitude.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lat, lng];
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/\s/g, '')));

/** The draft checked by the API's own schema: the body to send, or the fields that are wrong. */
export function branchBody(draft: BranchDraft): { ok: true; body: BranchFields } | { ok: false; fields: string[] } {
  const parsed = BranchFields.safeParse({
    ...draft,
    latitude: number(draft.latitude),
    longitude: number(draft.longitude),
    deliveryMinAmount: number(draft.deliveryMinAmount),
    prepMinutes: number(draft.prepMinutes),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((i) => String(i.path[0])))] };
}

/** A time as typed (`9`, `930`, `9:30`, `22.00`) as HH:MM, or the text unchanged when it reads as no time of day. */
export function normalTime(text: string): string {
  const t = text.trim();
  const m = /^(\d{1,2})(?:[:.\s]?(\d{2}))?$/.exec(t);
  if (!m) return t;
  const digits = t.replace(/\D/g, '');
  // Three digits without a separator: H MM (930 → 09:30).
  const [h, mm] = !m[2] && digits.length > 2 ? [Number(digits.slice(0, -2)), Number(digits.slice(-2))] : [Number(m[1]), Number(m[2] ?? 0)];
  if (h > 23 || mm > 59) return t;
  return `${String(h).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}
