import { useRef, useState, type FormEvent } from 'react';
import { pickText } from '@dasturxon/domain';
import type { AdminBranch, AdminZone, AdminZoneList, LocalizedText, ZoneGeoJson, ZoneTestResult } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { money } from '../../format.ts';
import { useT, type I18n } from '../../i18n.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { Field, SaveBar } from '../form.tsx';
import { draftOf, ZONE_COLOURS, zoneBody, type ZoneDraft } from './zone-form.ts';
import { ZoneMap } from './zone-map.tsx';

interface City {
  id: string;
  name: LocalizedText;
  latitude: number;
  longitude: number;
}

/** The edited zone's area: as saved, changed on the map and not saved yet, or none drawn. */
type AreaState = 'saved' | 'changed' | 'none';

/** Tashkent, where the map opens for a brand without a city yet. */
const TASHKENT: [number, number] = [41.3111, 69.2797];

/** The label of a form field the API's schema names (`bands.1.fromKm` → the bands' label). */
function fieldLabel(path: string, tr: I18n): string {
  const top = path.split('.')[0];
  const labels: Record<string, string> = {
    name: tr.t('admin.zones.name'),
    color: tr.t('admin.zones.color'),
    priority: tr.t('admin.zones.priority'),
    cityId: tr.t('admin.zones.city'),
    branchId: tr.t('admin.zones.branch'),
    area: tr.t('admin.zones.area'),
    price: tr.t('admin.zones.price'),
    bands: tr.t('admin.zones.bands'),
    freeAbove: tr.t('admin.zones.freeAbove'),
    minOrderAmount: tr.t('admin.zones.minimum'),
  };
  return labels[top ?? ''] ?? path;
}

/**
 * The back office's delivery zones (issue 28): the zones on a map, the chosen one drawn and edited with
 * Leaflet-Geoman (holes cut out, several parts), its tariff beside it, saved with the version read; and a tester:
 * click a point, see the zone and the price a customer's quote would give (`POST /admin/v1/delivery-zones/test`).
 */
export function ZonesScreen() {
  const tr = useT();
  const zones = useLoad(() => adminCall<AdminZoneList>('GET', '/delivery-zones'), []);
  const cities = useLoad(() => adminCall<{ content: City[] }>('GET', '/cities'), []);
  const branchList = useLoad(() => adminCall<{ content: AdminBranch[] }>('GET', '/branches'), []);
  const [selected, setSelected] = useState<{ zone: AdminZone | null } | null>(null);
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  /** The area the map draws the edited zone from (its saved one), and the area as drawn now (read when saving). */
  const [baseArea, setBaseArea] = useState<ZoneGeoJson | null>(null);
  const area = useRef<ZoneGeoJson | null>(null);
  const [areaState, setAreaState] = useState<AreaState>('none');
  const [draftKey, setDraftKey] = useState(0);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<{ subtotal: string; branchId: string; point: [number, number] | null }>({
    subtotal: '',
    branchId: '',
    point: null,
  });
  const [tested, setTested] = useState<{ result: ZoneTestResult | null; error: unknown }>({ result: null, error: null });

  if ((zones.loading && !zones.data) || (cities.loading && !cities.data) || (branchList.loading && !branchList.data)) return <Loading />;
  const failed = zones.error ?? cities.error ?? branchList.error;
  if (failed) return <ErrorNote error={failed} onRetry={() => (zones.reload(), cities.reload(), branchList.reload())} />;
  const allZones = zones.data?.content ?? [];
  const allCities = cities.data?.content ?? [];
  const branches = (branchList.data?.content ?? []).filter((b) => !b.deleted);
  const city = allCities.find((c) => c.id === draft?.cityId) ?? allCities[0];
  const branchName = (id: string | null) => pickText(branches.find((b) => b.id === id)?.name, tr.content);

  const open = (zone: AdminZone | null) => {
    setSelected({ zone });
    setDraft(draftOf(zone, { cityId: allCities[0]?.id ?? '', color: ZONE_COLOURS[allZones.length % ZONE_COLOURS.length]! }));
    setBaseArea(zone?.area ?? null);
    area.current = zone?.area ?? null;
    setAreaState(zone ? 'saved' : 'none');
    setDraftKey((k) => k + 1);
  };
  const close = () => {
    setSelected(null);
    setDraft(null);
    setBaseArea(null);
    area.current = null;
    setAreaState('none');
    setDraftKey((k) => k + 1);
  };
  const runTest = (point: [number, number], subtotal = test.subtotal, branchId = test.branchId) => {
    setTest((t) => ({ ...t, point }));
    adminCall<ZoneTestResult>('POST', '/delivery-zones/test', {
      latitude: point[0],
      longitude: point[1],
      subtotal: subtotal.trim() === '' ? 0 : Number(subtotal),
      branchId: branchId || null,
    }).then(
      (result) => setTested({ result, error: null }),
      (error: unknown) => setTested({ result: null, error }),
    );
  };

  return (
    <div className="flex flex-col gap-3" data-testid="admin-zones">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{tr.t('admin.nav.zones')}</h1>
        <div className="flex gap-2">
          <button
            type="button"
            className={testing ? btn.primary : btn.secondary}
            aria-pressed={testing}
            onClick={() => setTesting((on) => !on)}
            data-testid="zones-tester-toggle"
          >
            {tr.t('admin.zones.tester')}
          </button>
          <button type="button" className={btn.secondary} onClick={() => open(null)} data-testid="zones-add">
            + {tr.t('admin.zones.add')}
          </button>
        </div>
      </header>
      <div className="grid gap-3 lg:grid-cols-[1fr_26rem]">
        {/* The map stays in sight beside a long form on a wide screen. */}
        <div className="flex min-w-0 flex-col gap-2 lg:sticky lg:top-2 lg:self-start">
          <ZoneMap
            zones={allZones}
            selectedId={selected ? (selected.zone?.id ?? 'new') : null}
            initialArea={baseArea}
            draftKey={draftKey}
            color={draft?.color ?? '#3B82F6'}
            center={city ? [city.latitude, city.longitude] : TASHKENT}
            cityId={city?.id ?? null}
            lang={tr.lang}
            onAreaChange={(next) => {
              area.current = next;
              setAreaState(next ? 'changed' : 'none');
            }}
            onSelect={(id) => {
              const zone = allZones.find((z) => z.id === id);
              if (zone) open(zone);
            }}
            testing={testing}
            onTest={(lat, lng) => runTest([lat, lng])}
            testPoint={testing ? test.point : null}
          />
          <p className="text-sm text-slate-600">{testing ? tr.t('admin.zones.testerHint') : tr.t('admin.zones.drawHint')}</p>
          {testing && (
            <section className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="zones-tester">
              <div className="grid gap-2 sm:grid-cols-2">
                <Field label={tr.t('admin.zones.subtotal')} htmlFor="zone-test-subtotal">
                  <input
                    id="zone-test-subtotal"
                    inputMode="numeric"
                    className={field}
                    value={test.subtotal}
                    onChange={(e) => setTest((t) => ({ ...t, subtotal: e.target.value }))}
                    onBlur={() => test.point && runTest(test.point)}
                    data-testid="zones-test-subtotal"
                  />
                </Field>
                <Field label={tr.t('admin.zones.branch')} htmlFor="zone-test-branch">
                  <select
                    id="zone-test-branch"
                    className={field}
                    value={test.branchId}
                    onChange={(e) => {
                      const branchId = e.target.value;
                      setTest((t) => ({ ...t, branchId }));
                      if (test.point) runTest(test.point, test.subtotal, branchId);
                    }}
                  >
                    <option value="">{tr.t('admin.zones.branchOfZone')}</option>
                    {branches.map((b) => (
                      <option key={b.id} value={b.id}>
                        {pickText(b.name, tr.content)}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              {tested.error ? <ErrorNote error={tested.error} /> : null}
              {tested.result && <TestAnswer result={tested.result} branchName={branchName} />}
            </section>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <ul className="flex flex-col gap-1" data-testid="zones-list" aria-label={tr.t('admin.nav.zones')}>
            {allZones.map((z) => (
              <li key={z.id}>
                <button
                  type="button"
                  onClick={() => open(z)}
                  aria-current={selected?.zone?.id === z.id || undefined}
                  className={`flex w-full items-center gap-2 rounded-lg border p-2 text-start ${
                    selected?.zone?.id === z.id ? 'border-emerald-600 bg-emerald-50' : 'border-slate-200 bg-white hover:bg-slate-50'
                  }`}
                  data-testid="zones-item"
                  data-id={z.id}
                >
                  <span className="size-4 shrink-0 rounded" style={{ backgroundColor: z.color }} aria-hidden />
                  <span className="min-w-0 flex-1 truncate font-medium">{z.name}</span>
                  <span className="text-xs text-slate-500">
                    {tr.t('admin.zones.priorityShort', { priority: z.priority })} · {money(z.price, tr)}
                  </span>
                </button>
              </li>
            ))}
            {allZones.length === 0 && <li className="text-sm text-slate-500">{tr.t('admin.zones.none')}</li>}
          </ul>
          {selected && draft && (
            <ZoneForm
              key={`${selected.zone?.id ?? 'new'}:${selected.zone?.version ?? 0}:${draftKey}`}
              zone={selected.zone}
              draft={draft}
              onDraft={setDraft}
              readArea={() => area.current}
              areaState={areaState}
              onUndoArea={() => {
                area.current = baseArea;
                setAreaState(baseArea ? 'saved' : 'none');
                setDraftKey((k) => k + 1);
              }}
              cities={allCities}
              branches={branches.map((b) => ({ id: b.id, name: pickText(b.name, tr.content) }))}
              onSaved={(saved) => {
                zones.reload();
                open(saved);
              }}
              onReload={() =>
                selected.zone
                  ? adminCall<AdminZone>('GET', `/delivery-zones/${selected.zone.id}`).then(
                      (fresh) => (zones.reload(), open(fresh)),
                      () => (zones.reload(), close()),
                    )
                  : undefined
              }
              onDeleted={() => {
                zones.reload();
                close();
              }}
              onCancel={close}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function TestAnswer({ result, branchName }: { result: ZoneTestResult; branchName: (id: string | null) => string }) {
  const tr = useT();
  if (!result.zone)
    return (
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="zones-test-outside">
        {result.problem ? tr.t('admin.zones.outsideRefused') : tr.t('admin.zones.outside')}
      </p>
    );
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="zones-test-result">
      <dt className="text-slate-500">{tr.t('admin.zones.zone')}</dt>
      <dd className="flex items-center gap-2 font-medium" data-testid="zones-test-zone">
        <span className="size-3 rounded" style={{ backgroundColor: result.zone.color }} aria-hidden />
        {result.zone.name}
      </dd>
      <dt className="text-slate-500">{tr.t('admin.zones.deliveryPrice')}</dt>
      <dd className="font-semibold" data-testid="zones-test-price">
        {money(result.deliveryPrice, tr)}
      </dd>
      <dt className="text-slate-500">{tr.t('admin.zones.minimum')}</dt>
      <dd data-testid="zones-test-minimum">
        {money(result.minOrderAmount, tr)}
        {result.belowMinimum && <span className="ms-2 text-red-700">{tr.t('admin.zones.belowMinimum')}</span>}
      </dd>
      {result.freeAbove !== null && (
        <>
          <dt className="text-slate-500">{tr.t('admin.zones.freeAbove')}</dt>
          <dd>{money(result.freeAbove, tr)}</dd>
        </>
      )}
      {result.distanceMeters !== null && (
        <>
          <dt className="text-slate-500">{tr.t('admin.zones.distance')}</dt>
          <dd>
            {tr.t('admin.zones.distanceFrom', { km: (result.distanceMeters / 1000).toFixed(1), branch: branchName(result.branchId) })}
          </dd>
        </>
      )}
    </dl>
  );
}

function ZoneForm({
  zone,
  draft,
  onDraft,
  readArea,
  areaState,
  onUndoArea,
  cities,
  branches,
  onSaved,
  onReload,
  onDeleted,
  onCancel,
}: {
  zone: AdminZone | null;
  draft: ZoneDraft;
  onDraft: (next: ZoneDraft) => void;
  readArea: () => ZoneGeoJson | null;
  areaState: AreaState;
  onUndoArea: () => void;
  cities: City[];
  branches: { id: string; name: string }[];
  onSaved: (zone: AdminZone) => void;
  onReload: () => void;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const tr = useT();
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<ZoneDraft>) => onDraft({ ...draft, ...patch });
  const setBand = (i: number, patch: Partial<ZoneDraft['bands'][number]>) =>
    set({ bands: draft.bands.map((b, j) => (j === i ? { ...b, ...patch } : b)) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const area = readArea();
    const made = zoneBody(draft, area);
    if (!made.ok) {
      // The API's own schema first: the field named before anything is sent.
      const noArea = made.fields.some((f) => f.field === 'area') && !area;
      setProblem(
        noArea
          ? tr.t('admin.zones.noArea')
          : made.fields.map((f) => `${fieldLabel(f.field, tr)}${f.field.includes('.') ? ` (${f.field})` : ''}: ${f.message}`).join('; '),
      );
      return;
    }
    setProblem(null);
    setState({ saving: true, error: null });
    const sent = zone
      ? adminCall<AdminZone>('PUT', `/delivery-zones/${zone.id}`, { ...made.body, version: zone.version })
      : adminCall<AdminZone>('POST', '/delivery-zones', made.body);
    sent.then(onSaved, (error: unknown) => setState({ saving: false, error }));
  };
  const remove = () => {
    if (!zone || !globalThis.confirm(tr.t('admin.zones.deleteConfirm', { name: zone.name }))) return;
    setState({ saving: true, error: null });
    adminCall('DELETE', `/delivery-zones/${zone.id}?version=${zone.version}`).then(onDeleted, (error: unknown) =>
      setState({ saving: false, error }),
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-3" data-testid="zone-form">
      <h2 className="text-lg font-semibold">{zone ? zone.name : tr.t('admin.zones.add')}</h2>
      <div className="grid grid-cols-[1fr_auto] gap-2">
        <Field label={tr.t('admin.zones.name')} htmlFor="zone-name">
          <input
            id="zone-name"
            className={field}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            data-testid="zone-name"
          />
        </Field>
        <Field label={tr.t('admin.zones.color')} htmlFor="zone-color">
          <input
            id="zone-color"
            type="color"
            className="h-11 w-14 rounded-lg border border-slate-300"
            value={draft.color}
            onChange={(e) => set({ color: e.target.value })}
          />
        </Field>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Field label={tr.t('admin.zones.city')} htmlFor="zone-city">
          <select id="zone-city" className={field} value={draft.cityId} onChange={(e) => set({ cityId: e.target.value })}>
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {pickText(c.name, tr.content)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={tr.t('admin.zones.branch')} htmlFor="zone-branch" hint={tr.t('admin.zones.branchHint')}>
          <select id="zone-branch" className={field} value={draft.branchId} onChange={(e) => set({ branchId: e.target.value })}>
            <option value="">{tr.t('admin.zones.branchNone')}</option>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={tr.t('admin.zones.priority')} htmlFor="zone-priority" hint={tr.t('admin.zones.priorityHint')}>
          <input
            id="zone-priority"
            inputMode="numeric"
            className={field}
            value={draft.priority}
            onChange={(e) => set({ priority: e.target.value })}
          />
        </Field>
        <Field label={tr.t('admin.zones.price')} htmlFor="zone-price" hint={tr.t('admin.zones.priceHint')}>
          <input
            id="zone-price"
            inputMode="numeric"
            className={field}
            value={draft.price}
            onChange={(e) => set({ price: e.target.value })}
            data-testid="zone-price"
          />
        </Field>
        <Field label={tr.t('admin.zones.freeAbove')} htmlFor="zone-free" hint={tr.t('admin.zones.freeAboveHint')}>
          <input
            id="zone-free"
            inputMode="numeric"
            className={field}
            value={draft.freeAbove}
            onChange={(e) => set({ freeAbove: e.target.value })}
          />
        </Field>
        <Field label={tr.t('admin.zones.minimum')} htmlFor="zone-minimum">
          <input
            id="zone-minimum"
            inputMode="numeric"
            className={field}
            value={draft.minOrderAmount}
            onChange={(e) => set({ minOrderAmount: e.target.value })}
          />
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2" data-testid="zone-bands">
        <legend className="mb-1 text-sm font-medium text-slate-700">{tr.t('admin.zones.bands')}</legend>
        <p className="text-xs text-slate-500">{tr.t('admin.zones.bandsHint')}</p>
        {draft.bands.map((band, i) => (
          <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <Field label={tr.t('admin.zones.bandFrom')} htmlFor={`zone-band-${i}-from`}>
              <input
                id={`zone-band-${i}-from`}
                inputMode="numeric"
                className={field}
                value={band.fromKm}
                onChange={(e) => setBand(i, { fromKm: e.target.value })}
              />
            </Field>
            <Field label={tr.t('admin.zones.bandPerKm')} htmlFor={`zone-band-${i}-price`}>
              <input
                id={`zone-band-${i}-price`}
                inputMode="numeric"
                className={field}
                value={band.pricePerKm}
                onChange={(e) => setBand(i, { pricePerKm: e.target.value })}
              />
            </Field>
            <button
              type="button"
              className={`${btn.small} text-red-700 hover:bg-red-50`}
              aria-label={tr.t('admin.zones.removeBand')}
              onClick={() => set({ bands: draft.bands.filter((_, j) => j !== i) })}
            >
              ✕
            </button>
          </div>
        ))}
        <button
          type="button"
          className={`${btn.small} self-start border border-slate-300`}
          onClick={() => {
            const last = draft.bands.at(-1);
            set({
              bands: [...draft.bands, { fromKm: String(last ? Number(last.fromKm) + 5 : 5), pricePerKm: last?.pricePerKm ?? '1000' }],
            });
          }}
        >
          + {tr.t('admin.zones.addBand')}
        </button>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={areaState === 'changed' ? 'text-amber-800' : 'text-slate-500'}
          data-testid="zone-area-state"
          data-state={areaState}
        >
          {areaState === 'changed'
            ? tr.t('admin.zones.areaChanged')
            : areaState === 'saved'
              ? tr.t('admin.zones.areaSaved')
              : tr.t('admin.zones.noArea')}
        </span>
        {areaState === 'changed' && (
          <button type="button" className={`${btn.small} border border-slate-300`} onClick={onUndoArea}>
            {tr.t('admin.zones.undoArea')}
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800" data-testid="zone-problem">
          {problem}
        </p>
      )}
      <SaveBar saving={state.saving} error={state.error} onCancel={onCancel} onReload={onReload} />
      {zone && (
        <button type="button" className={`${btn.danger} self-start`} disabled={state.saving} onClick={remove} data-testid="zone-delete">
          {tr.t('admin.zones.delete')}
        </button>
      )}
      {zone && (
        <details>
          <summary className="cursor-pointer text-sm text-slate-600">{tr.t('admin.nav.audit')}</summary>
          <AuditTrail objectType="delivery-zone" objectId={zone.id} />
        </details>
      )}
    </form>
  );
}
