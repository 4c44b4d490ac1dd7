import { lazy, Suspense, useState, type FormEvent } from 'react';
import { PREP_MINUTES_MAX, PREP_MINUTES_MIN, pickText } from '@dasturxon/domain';
import type { AdminBranch, AdminCity } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { field, Loading } from '../../ui.tsx';
import { Field, LocalizedFields, SaveBar } from '../form.tsx';
import { branchBody, draftOf, pointOf, pointText, type BranchDraft } from './branch-logic.ts';
import { StaleNote } from './stale-note.tsx';

const PointMap = lazy(() => import('./point-map.tsx').then((m) => ({ default: m.PointMap })));

const SERVICES = [
  ['delivery', 'DELIVERY'],
  ['pickup', 'PICK_UP'],
  ['dineIn', 'DINE_IN'],
] as const;

/**
 * A branch's own fields (area `branches`: owner, admin): names, city, address and point, phone, service types,
 * minimum order, preparation minutes, accepting orders. Read only for a manager. `branch` null: a new branch.
 */
export function BranchForm({
  branch,
  cities,
  readOnly,
  onSaved,
  onCancel,
  onReload,
}: {
  branch: AdminBranch | null;
  cities: AdminCity[];
  readOnly: boolean;
  onSaved: (saved: AdminBranch) => void;
  onCancel?: () => void;
  onReload: () => void;
}) {
  const tr = useT();
  const [draft, setDraft] = useState<BranchDraft>(() => draftOf(branch, cities[0]));
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const [problem, setProblem] = useState<string[]>([]);
  const set = (patch: Partial<BranchDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const point = pointOf(draft);
  const city = cities.find((c) => c.id === draft.cityId);
  const prefix = branch ? `branch-${branch.id}` : 'branch-new';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = branchBody(draft);
    if (!checked.ok) {
      setProblem(checked.fields);
      return;
    }
    setProblem([]);
    setState({ saving: true, error: null });
    const sent = branch
      ? adminCall<AdminBranch>('PUT', `/branches/${branch.id}`, { ...checked.body, version: branch.version })
      : adminCall<AdminBranch>('POST', '/branches', checked.body);
    sent.then(
      (saved) => {
        setState({ saving: false, error: null });
        onSaved(saved);
      },
      (error: unknown) => setState({ saving: false, error }),
    );
  };
  const wrong = (name: string) => (problem.includes(name) ? 'border-red-500 bg-red-50' : '');

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="branch-form">
      {readOnly && (
        <p className="rounded-lg bg-slate-100 p-2 text-sm text-slate-600" data-testid="branch-read-only">
          {tr.t('admin.branches.readOnly')}
        </p>
      )}
      <fieldset
        disabled={readOnly}
        className="flex min-w-0 flex-col gap-4 [&_input:disabled]:bg-slate-50 [&_input:disabled]:text-slate-600 [&_select:disabled]:bg-slate-50 [&_select:disabled]:text-slate-600"
      >
        <LocalizedFields label={tr.t('admin.branches.name')} value={draft.name} onChange={(name) => set({ name })} testId="branch-name" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={tr.t('admin.branches.address')} htmlFor={`${prefix}-address`}>
            <input
              id={`${prefix}-address`}
              data-testid="branch-address"
              className={`${field} ${wrong('address')}`}
              value={draft.address}
              onChange={(e) => set({ address: e.target.value })}
            />
          </Field>
          <Field label={tr.t('admin.branches.phone')} htmlFor={`${prefix}-phone`}>
            <input
              id={`${prefix}-phone`}
              type="tel"
              dir="ltr"
              className={`${field} ${wrong('phone')}`}
              value={draft.phone}
              onChange={(e) => set({ phone: e.target.value })}
            />
          </Field>
          <Field
            label={tr.t('admin.branches.city')}
            htmlFor={`${prefix}-city`}
            hint={city ? tr.t('admin.branches.timeZone', { zone: city.timeZone }) : undefined}
          >
            <select
              id={`${prefix}-city`}
              className={`${field} ${wrong('cityId')}`}
              value={draft.cityId}
              onChange={(e) => set({ cityId: e.target.value })}
            >
              {!city && <option value="">—</option>}
              {cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {pickText(c.name, tr.content) || c.timeZone}
                </option>
              ))}
            </select>
          </Field>
          <Field label={tr.t('admin.branches.minOrder')} htmlFor={`${prefix}-min`} hint={tr.t('admin.branches.minOrderHint')}>
            <input
              id={`${prefix}-min`}
              data-testid="branch-min-order"
              inputMode="numeric"
              className={`${field} ${wrong('deliveryMinAmount')}`}
              value={draft.deliveryMinAmount}
              onChange={(e) => set({ deliveryMinAmount: e.target.value })}
            />
          </Field>
          <Field
            label={tr.t('admin.branches.prepMinutes')}
            htmlFor={`${prefix}-prep`}
            hint={tr.t('admin.branches.prepMinutesHint', { min: PREP_MINUTES_MIN, max: PREP_MINUTES_MAX })}
          >
            <input
              id={`${prefix}-prep`}
              data-testid="branch-prep-minutes"
              inputMode="numeric"
              dir="ltr"
              className={`${field} ${wrong('prepMinutes')}`}
              value={draft.prepMinutes}
              onChange={(e) => set({ prepMinutes: e.target.value })}
            />
          </Field>
        </div>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-slate-700">{tr.t('admin.branches.point')}</span>
          {point ? (
            <Suspense fallback={<Loading />}>
              <PointMap
                point={point}
                label={tr.t('admin.branches.point')}
                disabled={readOnly}
                onPoint={(lat, lng) => set(pointText(lat, lng))}
              />
            </Suspense>
          ) : null}
          {!readOnly && <p className="text-xs text-slate-500">{tr.t('admin.branches.pointHint')}</p>}
          <div className="grid grid-cols-2 gap-3">
            <Field label={tr.t('admin.branches.latitude')} htmlFor={`${prefix}-lat`}>
              <input
                id={`${prefix}-lat`}
                dir="ltr"
                inputMode="decimal"
                data-testid="branch-latitude"
                className={`${field} ${wrong('latitude')}`}
                value={draft.latitude}
                onChange={(e) => set({ latitude: e.target.value })}
              />
            </Field>
            <Field label={tr.t('admin.branches.longitude')} htmlFor={`${prefix}-lng`}>
              <input
                id={`${prefix}-lng`}
                dir="ltr"
                inputMode="decimal"
                data-testid="branch-longitude"
                className={`${field} ${wrong('longitude')}`}
                value={draft.longitude}
                onChange={(e) => set({ longitude: e.target.value })}
              />
            </Field>
          </div>
        </div>
        <fieldset className="flex flex-wrap gap-x-5 gap-y-1">
          <legend className="mb-1 text-sm font-medium text-slate-700">{tr.t('admin.branches.services')}</legend>
          {SERVICES.map(([key, type]) => (
            <label key={key} className="flex min-h-10 items-center gap-2">
              <input
                type="checkbox"
                data-testid={`branch-service-${key}`}
                checked={draft.services[key]}
                onChange={(e) => set({ services: { ...draft.services, [key]: e.target.checked } })}
              />
              {tr.service(type)}
            </label>
          ))}
        </fieldset>
        <label
          className={`flex min-h-11 items-center gap-3 rounded-lg border p-3 ${draft.isActive ? 'border-emerald-300 bg-emerald-50' : 'border-amber-300 bg-amber-50'}`}
        >
          <input
            type="checkbox"
            data-testid="branch-active"
            checked={draft.isActive}
            onChange={(e) => set({ isActive: e.target.checked })}
          />
          <span>
            <span className="block font-medium">{tr.t('admin.branches.accepting')}</span>
            <span className="block text-xs text-slate-600">
              {tr.t(draft.isActive ? 'admin.branches.acceptingOn' : 'admin.branches.acceptingOff')}
            </span>
          </span>
        </label>
      </fieldset>
      {problem.length > 0 && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800" data-testid="branch-problem">
          {tr.t('admin.branches.check')}: {problem.map((f) => tr.t(`admin.branches.field.${f}`)).join(', ')}
        </p>
      )}
      {!readOnly && (
        <>
          <StaleNote error={state.error} />
          <SaveBar saving={state.saving} error={state.error} onCancel={onCancel} onReload={onReload} />
        </>
      )}
    </form>
  );
}
