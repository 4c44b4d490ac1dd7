import { useId, useState } from 'react';
import { pickText } from '@dasturxon/domain';
import type { StopList } from '@dasturxon/domain/contracts';
import { api, errorText } from '../api.ts';
import { useT } from '../i18n.ts';
import { time } from '../format.ts';
import { branchChoices, rememberBranch, rememberedBranch, useSession } from '../session.ts';
import { btn, BranchSelect, ErrorNote, field, Loading, useLoad, useNow } from '../ui.tsx';

const PAUSES = [15, 30, 60, 120] as const;

function Switch({
  on,
  label,
  busy,
  testId,
  onToggle,
}: {
  on: boolean;
  label: string;
  busy: boolean;
  testId: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      data-testid={testId}
      disabled={busy}
      onClick={onToggle}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-50 ${on ? 'bg-emerald-600' : 'bg-slate-300'}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
      />
    </button>
  );
}

type Product = StopList['products'][number];

/** Per branch: every product (by category) and its modifications on or off sale, and delivery paused or running. */
export function StopListScreen() {
  const tr = useT();
  const session = useSession();
  const branches = branchChoices(session, tr.content);
  const [chosen, setChosen] = useState(rememberedBranch);
  const branchId = branches.some((b) => b.id === chosen) ? chosen : (branches[0]?.id ?? '');
  const list = useLoad(() => (branchId ? api.stopList(branchId) : Promise.resolve(undefined)), [branchId]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const now = useNow(15_000);

  const change = async (key: string, request: () => Promise<StopList>) => {
    setBusy(key);
    setError(null);
    try {
      list.setData(await request());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  // The answer for the branch on screen (not the previous one's while the next loads).
  const stopList = list.data?.branchId === branchId ? list.data : undefined;
  const needle = search.trim().toLowerCase();
  const matches = (p: Product) =>
    !needle ||
    pickText(p.name, tr.content).toLowerCase().includes(needle) ||
    pickText(p.categoryName, tr.content).toLowerCase().includes(needle);
  const groups = new Map<string, Product[]>();
  for (const product of stopList?.products.filter(matches) ?? []) {
    const category = pickText(product.categoryName, tr.content);
    groups.set(category, [...(groups.get(category) ?? []), product]);
  }
  const pausedUntil =
    stopList?.deliveryPausedUntil && new Date(stopList.deliveryPausedUntil).getTime() > now ? stopList.deliveryPausedUntil : null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3 p-3">
      <h1 className="text-2xl font-bold">{tr.t('stopListTitle')}</h1>
      <BranchSelect
        id="stop-branch"
        value={branchId}
        branches={branches}
        onChange={(id) => {
          setChosen(id);
          rememberBranch(id);
        }}
      />
      {list.error !== null && <ErrorNote error={list.error} onRetry={list.reload} />}
      {!stopList ? (
        list.loading && <Loading />
      ) : (
        <>
          <section className="rounded-xl bg-white p-4 shadow-sm" data-testid="delivery-pause" aria-labelledby="delivery-pause-title">
            <h2 id="delivery-pause-title" className="mb-2 font-semibold" data-testid="delivery-state" data-paused={Boolean(pausedUntil)}>
              {pausedUntil ? tr.t('deliveryPaused', { t: time(pausedUntil, tr) }) : tr.t('deliveryRunning')}
            </h2>
            <div className="flex flex-wrap gap-2">
              {PAUSES.map((m) => (
                <button
                  key={m}
                  type="button"
                  data-testid={`pause-${m}`}
                  disabled={busy !== null}
                  className={btn.secondary}
                  onClick={() => change('pause', () => api.pauseDelivery(stopList.branchId, m))}
                >
                  {tr.t('pauseFor', { m })}
                </button>
              ))}
              {pausedUntil && (
                <button
                  type="button"
                  data-testid="pause-resume"
                  disabled={busy !== null}
                  className={btn.primary}
                  onClick={() => change('pause', () => api.pauseDelivery(stopList.branchId, 0))}
                >
                  {tr.t('resume')}
                </button>
              )}
            </div>
          </section>
          {error !== null && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-testid="stop-error">
              {errorText(error, tr)}
            </p>
          )}
          <div>
            <label htmlFor={searchId} className="sr-only">
              {tr.t('search')}
            </label>
            <input
              id={searchId}
              type="search"
              data-testid="stop-search"
              placeholder={tr.t('search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className={field}
            />
          </div>
          {groups.size === 0 && <p className="text-slate-500">{tr.t('noProducts')}</p>}
          {[...groups].map(([category, products]) => (
            <section key={category} className="rounded-xl bg-white shadow-sm" aria-label={category}>
              <h2 className="border-b border-slate-100 px-4 py-2 font-semibold">{category}</h2>
              <ul className="divide-y divide-slate-100">
                {products.map((p) => {
                  const name = pickText(p.name, tr.content);
                  return (
                    <li key={p.id} className="px-4 py-2" data-testid={`stop-row-${p.id}`} data-stopped={p.stopped}>
                      <div className="flex items-center justify-between gap-3">
                        <span className={p.stopped ? 'text-slate-400 line-through' : ''}>{name}</span>
                        <Switch
                          on={!p.stopped}
                          label={`${name}: ${tr.t('available')}`}
                          busy={busy === p.id}
                          testId={`stop-product-${p.id}`}
                          onToggle={() =>
                            change(p.id, () => api.stop({ branchId: stopList.branchId, productId: p.id, stopped: !p.stopped }))
                          }
                        />
                      </div>
                      {p.modifications.length > 0 && (
                        <ul className="mt-1 space-y-1 border-l-2 border-slate-100 pl-3">
                          {p.modifications.map((m) => {
                            const modName = pickText(m.name, tr.content);
                            return (
                              <li key={m.id} className="flex items-center justify-between gap-3 text-sm" data-stopped={m.stopped}>
                                <span className={m.stopped ? 'text-slate-400 line-through' : 'text-slate-700'}>{modName}</span>
                                <Switch
                                  on={!m.stopped}
                                  label={`${name} · ${modName}: ${tr.t('available')}`}
                                  busy={busy === m.id}
                                  testId={`stop-modification-${m.id}`}
                                  onToggle={() =>
                                    change(m.id, () => api.stop({ branchId: stopList.branchId, modificationId: m.id, stopped: !m.stopped }))
                                  }
                                />
                              </li>
                            );
                          })}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
