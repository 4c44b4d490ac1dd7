import { useState, type FormEvent } from 'react';
import { localDate, weekdayName as weekdayOf, WORK_HOURS_TYPES, type WeekName, type WorkHoursType } from '@dasturxon/domain';
import type { BranchHours, SpecialDays } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT, type Translator } from '../../i18n.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { SaveBar } from '../form.tsx';
import {
  daysFromSpecial,
  filledWeek,
  hoursFromWeek,
  newSpecial,
  newWeek,
  normalTime,
  sameEveryDay,
  spanOf,
  specialFromDays,
  specialProblems,
  weekFromHours,
  weekProblems,
  type DayRow,
  type SpecialRow,
  type WeekForm,
} from './branch-logic.ts';
import { StaleNote } from './stale-note.tsx';

/** The weekday's name in the console's language, from the domain's table (0 is Sunday). */
const WEEK_INDEX: Record<WeekName, number> = { SUNDAY: 0, MONDAY: 1, TUESDAY: 2, WEDNESDAY: 3, THURSDAY: 4, FRIDAY: 5, SATURDAY: 6 };
const weekdayName = (weekName: WeekName, tr: Translator) => weekdayOf(WEEK_INDEX[weekName], tr.lang, 'long');

/** The console's field without its full width, for the small inputs of a row. */
const box = field.replace('w-full ', '');
const bad = (wrong: boolean) => (wrong ? 'border-red-500 bg-red-50' : '');

/**
 * A time of day, 24-hour HH:MM whatever the browser's locale (a time picker would show AM/PM to some): typed as
 * `930` or `9:30`, written out as `09:30` when the field is left.
 */
function TimeInput({
  value,
  onChange,
  label,
  wrong,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  wrong: boolean;
  testId?: string;
}) {
  return (
    <input
      type="text"
      inputMode="numeric"
      dir="ltr"
      placeholder="00:00"
      maxLength={5}
      aria-label={label}
      data-testid={testId}
      className={`${box} w-[4.75rem] px-2 py-1.5 text-center tabular-nums ${bad(wrong)}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const time = normalTime(e.target.value);
        if (time !== e.target.value) onChange(time);
      }}
    />
  );
}

/** What the domain's rule makes of an interval: nothing to say, past midnight, or round the clock. */
function SpanNote({ from, to }: { from: string; to: string }) {
  const tr = useT();
  const span = spanOf(from, to);
  if (span === 'pastMidnight')
    return <span className="rounded bg-indigo-50 px-1.5 text-xs text-indigo-800">{tr.t('admin.branches.pastMidnight')}</span>;
  if (span === 'roundTheClock')
    return <span className="rounded bg-indigo-50 px-1.5 text-xs text-indigo-800">{tr.t('admin.branches.roundTheClock')}</span>;
  return null;
}

interface Versioned {
  branchId: string;
  /** The branch's version as read: sent with the write, which moves it on. */
  version: number;
  onVersion: (version: number) => void;
  onReload: () => void;
  readOnly?: boolean;
}

/** The week per service type: open and close per weekday, a day closed, a second interval, past midnight allowed. */
export function WeekEditor(props: Versioned) {
  const loaded = useLoad(() => adminCall<BranchHours>('GET', `/branches/${props.branchId}/hours`), [props.branchId]);
  if (loaded.loading && !loaded.data) return <Loading />;
  if (loaded.error || !loaded.data) return <ErrorNote error={loaded.error} onRetry={loaded.reload} />;
  return <WeekForm_ {...props} initial={weekFromHours(loaded.data.hours)} />;
}

function WeekForm_({ branchId, version, onVersion, onReload, readOnly = false, initial }: Versioned & { initial: WeekForm }) {
  const tr = useT();
  const [week, setWeek] = useState<WeekForm>(initial);
  const firstWithHours = WORK_HOURS_TYPES.find((t) => initial[t]) ?? 'DELIVERY';
  const [type, setType] = useState<WorkHoursType>(firstWithHours);
  const [problems, setProblems] = useState<string[]>([]);
  const [state, setState] = useState<{ saving: boolean; error: unknown; saved: boolean }>({ saving: false, error: null, saved: false });
  const days = week[type];
  const setDays = (next: DayRow[] | null) => {
    setWeek((w) => ({ ...w, [type]: next }));
    setState((s) => ({ ...s, saved: false }));
  };
  const setDay = (i: number, patch: Partial<DayRow>) => days && setDays(days.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = weekProblems(week);
    setProblems(wrong);
    if (wrong.length > 0) {
      const firstType = wrong[0]!.split('.')[0] as WorkHoursType;
      setType(firstType);
      return;
    }
    setState({ saving: true, error: null, saved: false });
    adminCall<BranchHours>('PUT', `/branches/${branchId}/hours`, { version, hours: hoursFromWeek(filledWeek(week)) }).then(
      (answer) => {
        setWeek(weekFromHours(answer.hours));
        setState({ saving: false, error: null, saved: true });
        onVersion(answer.version);
      },
      (error: unknown) => setState({ saving: false, error, saved: false }),
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="branch-hours">
      <div role="tablist" aria-label={tr.t('admin.branches.hours')} className="flex flex-wrap gap-1">
        {WORK_HOURS_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === type}
            data-testid={`hours-type-${t}`}
            onClick={() => setType(t)}
            className={`${btn.small} border ${t === type ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-700'} ${problems.some((p) => p.startsWith(`${t}.`)) ? 'ring-2 ring-red-400' : ''}`}
          >
            {tr.service(t)}
            {!week[t] && <span className="ms-1 opacity-70">· {tr.t('admin.branches.noHoursShort')}</span>}
          </button>
        ))}
      </div>
      <fieldset disabled={readOnly} className="min-w-0">
        {days ? (
          <div className="flex flex-col gap-2">
            <ol className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
              {days.map((d, i) => {
                const wrong = (f: keyof DayRow) => problems.includes(`${type}.${d.weekName}.${f}`);
                const name = weekdayName(d.weekName, tr);
                return (
                  <li
                    key={d.weekName}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1.5 p-2"
                    data-testid="hours-day"
                    data-day={d.weekName}
                  >
                    <label className="flex min-h-10 w-full items-center gap-2 font-medium capitalize sm:w-40">
                      <input
                        type="checkbox"
                        checked={d.open}
                        data-testid="hours-open"
                        onChange={(e) => setDay(i, { open: e.target.checked })}
                      />
                      {name}
                    </label>
                    {d.open ? (
                      <>
                        <span className="flex items-center gap-1">
                          <TimeInput
                            label={`${name}: ${tr.t('admin.branches.from')}`}
                            testId="hours-from"
                            wrong={wrong('from')}
                            value={d.from}
                            onChange={(v) => setDay(i, { from: v })}
                          />
                          –
                          <TimeInput
                            label={`${name}: ${tr.t('admin.branches.to')}`}
                            testId="hours-to"
                            wrong={wrong('to')}
                            value={d.to}
                            onChange={(v) => setDay(i, { to: v })}
                          />
                        </span>
                        <SpanNote from={d.from} to={d.to} />
                        {d.split ? (
                          <span className="flex items-center gap-1">
                            <span className="text-sm text-slate-500">{tr.t('admin.branches.andAlso')}</span>
                            <TimeInput
                              label={`${name}: ${tr.t('admin.branches.extraFrom')}`}
                              wrong={wrong('extraFrom')}
                              value={d.extraFrom}
                              onChange={(v) => setDay(i, { extraFrom: v })}
                            />
                            –
                            <TimeInput
                              label={`${name}: ${tr.t('admin.branches.extraTo')}`}
                              wrong={wrong('extraTo')}
                              value={d.extraTo}
                              onChange={(v) => setDay(i, { extraTo: v })}
                            />
                            <button
                              type="button"
                              className="rounded px-1.5 text-slate-500 hover:bg-slate-200"
                              aria-label={`${name}: ${tr.t('admin.branches.removeInterval')}`}
                              onClick={() => setDay(i, { split: false, extraFrom: '', extraTo: '' })}
                            >
                              ✕
                            </button>
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="rounded px-1.5 text-sm text-slate-600 hover:bg-slate-200"
                            onClick={() => setDay(i, { split: true })}
                          >
                            + {tr.t('admin.branches.addInterval')}
                          </button>
                        )}
                      </>
                    ) : (
                      <span className="text-sm text-slate-500">{tr.t('admin.branches.closed')}</span>
                    )}
                    <button
                      type="button"
                      className="ms-auto rounded px-1.5 text-xs text-slate-500 hover:bg-slate-200"
                      data-testid="hours-copy-all"
                      onClick={() => setDays(sameEveryDay(days, d))}
                    >
                      {tr.t('admin.branches.everyDay')}
                    </button>
                  </li>
                );
              })}
            </ol>
            <p className="text-xs text-slate-500">{tr.t('admin.branches.hoursHint')}</p>
            <div>
              <button type="button" className={`${btn.small} border border-slate-300 text-slate-700`} onClick={() => setDays(null)}>
                {tr.t('admin.branches.dropHours', { service: tr.service(type) })}
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-slate-300 p-4" data-testid="hours-none">
            <p className="text-sm text-slate-600">{tr.t('admin.branches.noHours', { service: tr.service(type) })}</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className={btn.secondary} onClick={() => setDays(newWeek())} data-testid="hours-start">
                {tr.t('admin.branches.setHours')}
              </button>
              {WORK_HOURS_TYPES.filter((t) => t !== type && week[t]).map((t) => (
                <button key={t} type="button" className={btn.secondary} onClick={() => setDays(week[t]!.map((d) => ({ ...d })))}>
                  {tr.t('admin.branches.copyFrom', { service: tr.service(t) })}
                </button>
              ))}
            </div>
          </div>
        )}
      </fieldset>
      {problems.length > 0 && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
          {tr.t('admin.branches.timesMissing')}
        </p>
      )}
      {state.saved && (
        <p role="status" className="text-sm text-emerald-700" data-testid="hours-saved">
          {tr.t('admin.branches.saved')}
        </p>
      )}
      {!readOnly && (
        <>
          <StaleNote error={state.error} />
          <SaveBar saving={state.saving} error={state.error} onReload={onReload} />
        </>
      )}
    </form>
  );
}

/** Holidays and short days: a date closed all day or open from–to instead of its weekday, with a note. */
export function SpecialDaysEditor(props: Versioned & { timeZone: string }) {
  const loaded = useLoad(() => adminCall<SpecialDays>('GET', `/branches/${props.branchId}/special-days`), [props.branchId]);
  if (loaded.loading && !loaded.data) return <Loading />;
  if (loaded.error || !loaded.data) return <ErrorNote error={loaded.error} onRetry={loaded.reload} />;
  return <SpecialForm {...props} initial={specialFromDays(loaded.data.days)} />;
}

function SpecialForm({
  branchId,
  version,
  onVersion,
  onReload,
  readOnly = false,
  initial,
  timeZone,
}: Versioned & { initial: SpecialRow[]; timeZone: string }) {
  const tr = useT();
  const [rows, setRows] = useState<SpecialRow[]>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [state, setState] = useState<{ saving: boolean; error: unknown; saved: boolean }>({ saving: false, error: null, saved: false });
  const setRow = (key: string, patch: Partial<SpecialRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setState((s) => ({ ...s, saved: false }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = specialProblems(rows);
    setProblems(wrong);
    if (wrong.length > 0) return;
    setState({ saving: true, error: null, saved: false });
    adminCall<SpecialDays>('PUT', `/branches/${branchId}/special-days`, { version, days: daysFromSpecial(rows) }).then(
      (answer) => {
        setRows(specialFromDays(answer.days));
        setState({ saving: false, error: null, saved: true });
        onVersion(answer.version);
      },
      (error: unknown) => setState({ saving: false, error, saved: false }),
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="branch-special-days">
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-2">
        {rows.length === 0 && <p className="text-sm text-slate-500">{tr.t('admin.branches.noSpecial')}</p>}
        <ol className="flex flex-col gap-2">
          {rows.map((r) => {
            const wrong = (f: string) => problems.includes(`${r.key}.${f}`);
            return (
              <li
                key={r.key}
                className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-2"
                data-testid="special-day"
              >
                <input
                  type="date"
                  aria-label={tr.t('admin.branches.date')}
                  data-testid="special-date"
                  className={`${box} w-40 px-2 py-1.5 ${bad(wrong('date'))}`}
                  value={r.date}
                  onChange={(e) => setRow(r.key, { date: e.target.value })}
                />
                <label className="flex min-h-10 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    data-testid="special-closed"
                    checked={r.closed}
                    onChange={(e) => setRow(r.key, { closed: e.target.checked })}
                  />
                  {tr.t('admin.branches.closedAllDay')}
                </label>
                {!r.closed && (
                  <span className="flex items-center gap-1">
                    <TimeInput
                      label={tr.t('admin.branches.from')}
                      testId="special-from"
                      wrong={wrong('from')}
                      value={r.from}
                      onChange={(v) => setRow(r.key, { from: v })}
                    />
                    –
                    <TimeInput
                      label={tr.t('admin.branches.to')}
                      testId="special-to"
                      wrong={wrong('to')}
                      value={r.to}
                      onChange={(v) => setRow(r.key, { to: v })}
                    />
                    <SpanNote from={r.from} to={r.to} />
                  </span>
                )}
                <input
                  aria-label={tr.t('admin.branches.note')}
                  placeholder={tr.t('admin.branches.note')}
                  data-testid="special-note"
                  maxLength={200}
                  className={`${box} min-w-40 flex-1 px-2 py-1.5`}
                  value={r.note}
                  onChange={(e) => setRow(r.key, { note: e.target.value })}
                />
                <button
                  type="button"
                  className={`${btn.small} text-red-700 hover:bg-red-50`}
                  data-testid="special-remove"
                  onClick={() => {
                    setRows((all) => all.filter((x) => x.key !== r.key));
                    setState((s) => ({ ...s, saved: false }));
                  }}
                >
                  {tr.t('admin.branches.remove')}
                </button>
              </li>
            );
          })}
        </ol>
        <div>
          <button
            type="button"
            className={btn.secondary}
            data-testid="special-add"
            onClick={() => setRows((all) => [...all, newSpecial(all, localDate(new Date(), timeZone))])}
          >
            + {tr.t('admin.branches.addSpecial')}
          </button>
        </div>
      </fieldset>
      {problems.length > 0 && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
          {tr.t('admin.branches.specialWrong')}
        </p>
      )}
      {state.saved && (
        <p role="status" className="text-sm text-emerald-700" data-testid="special-saved">
          {tr.t('admin.branches.saved')}
        </p>
      )}
      {!readOnly && (
        <>
          <StaleNote error={state.error} />
          <SaveBar saving={state.saving} error={state.error} onReload={onReload} />
        </>
      )}
    </form>
  );
}
