import { useState, type FormEvent } from 'react';
import { pickText } from '@dasturxon/domain';
import type { AdminModificationGroup, AdminProduct } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { money } from '../../format.ts';
import { useT } from '../../i18n.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { CONTENT_LANGS, Field, isStale, LocalizedFields, SaveBar } from '../form.tsx';
import { checkDraft, draftOf, emptyDraft, moveOption, newOption, type DraftProblem, type GroupDraft } from './modification-draft.ts';

type List<T> = { content: T[] };

/*
 * A product's modification groups in its form (issue 28): the groups it has, each changed in a small editor with its
 * options and their prices; a new group, or a copy of another product's group attached; a group detached (archived:
 * orders that named its options keep them) and brought back. Through /api/admin/v1/modification-groups.
 */
export function ModificationGroups({ product }: { product: AdminProduct }) {
  const tr = useT();
  const list = useLoad(
    () => adminCall<List<AdminModificationGroup>>('GET', `/modification-groups?productId=${product.id}&archived=true`),
    [product.id],
  );
  const [editing, setEditing] = useState<AdminModificationGroup | 'new' | null>(null);
  const [attaching, setAttaching] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <ErrorNote error={list.error} onRetry={list.reload} />;
  const groups = list.data?.content ?? [];
  const live = groups.filter((g) => !g.archived);
  const archived = groups.filter((g) => g.archived);
  const done = () => {
    setEditing(null);
    setAttaching(false);
    list.reload();
  };
  const detach = (group: AdminModificationGroup) => {
    setFailed(null);
    adminCall('DELETE', `/modification-groups/${group.id}?version=${group.version}`).then(done, (error: unknown) => {
      setFailed(error);
      if (isStale(error)) list.reload();
    });
  };

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-3" data-testid="modification-groups">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="flex-1 font-semibold">{tr.t('admin.modgroups.title')}</h3>
        <button
          type="button"
          className={btn.secondary}
          data-testid="modgroup-attach"
          onClick={() => (setAttaching((a) => !a), setEditing(null))}
        >
          {tr.t('admin.modgroups.attach')}
        </button>
        <button type="button" className={btn.primary} data-testid="modgroup-add" onClick={() => (setEditing('new'), setAttaching(false))}>
          + {tr.t('admin.modgroups.add')}
        </button>
      </div>
      <p className="text-sm text-slate-500">{tr.t('admin.modgroups.hint')}</p>
      {failed ? <ErrorNote error={failed} /> : null}
      {attaching && <AttachGroup product={product} onDone={done} onCancel={() => setAttaching(false)} />}
      {editing && (
        <GroupEditor
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          productId={product.id}
          group={editing === 'new' ? null : editing}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      )}
      <ul className="flex flex-col gap-2" data-testid="modgroup-list">
        {live.map((g) => (
          <li key={g.id} className="rounded-md border border-slate-200 p-2" data-testid="modgroup" data-id={g.id}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="flex-1 font-medium">
                {pickText(g.name, tr.content)}
                <span className="ms-2 rounded bg-slate-100 px-1.5 text-xs text-slate-600">
                  {tr.t(g.required ? 'admin.modgroups.required' : 'admin.modgroups.optional')} ·{' '}
                  {tr.t('admin.modgroups.choose', { min: g.min, max: g.max })}
                </span>
              </span>
              <button type="button" className={btn.small} onClick={() => (setEditing(g), setAttaching(false))} data-testid="modgroup-edit">
                {tr.t('admin.menu.edit')}
              </button>
              <button type="button" className={`${btn.small} text-red-700`} onClick={() => detach(g)} data-testid="modgroup-detach">
                {tr.t('admin.modgroups.detach')}
              </button>
            </div>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-600">
              {g.options
                .filter((o) => o.active)
                .map((o) => (
                  <li key={o.id}>
                    {pickText(o.name, tr.content)} <span className="text-slate-400">+{money(o.price, tr)}</span>
                    {o.isDefault && <span className="ms-1 text-xs text-emerald-700">({tr.t('admin.modgroups.default')})</span>}
                  </li>
                ))}
            </ul>
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-slate-500">{tr.t('admin.nav.audit')}</summary>
              <AuditTrail objectType="modification-group" objectId={g.id} />
            </details>
          </li>
        ))}
      </ul>
      {live.length === 0 && <p className="text-sm text-slate-500">{tr.t('admin.modgroups.none')}</p>}
      {archived.length > 0 && (
        <details data-testid="modgroup-archived">
          <summary className="cursor-pointer text-sm text-slate-600">
            {tr.t('admin.modgroups.archived')} ({archived.length})
          </summary>
          <ul className="mt-1 flex flex-col gap-1">
            {archived.map((g) => (
              <li key={g.id} className="flex items-center gap-2 text-sm">
                <span className="flex-1 text-slate-500">{pickText(g.name, tr.content)}</span>
                <button type="button" className={btn.small} onClick={() => (setEditing(g), setAttaching(false))}>
                  {tr.t('admin.modgroups.restore')}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** What a problem's field is called in the console: "Options 2: price". */
function problemText(problem: DraftProblem, tr: ReturnType<typeof useT>): string {
  const [first, index, leaf] = problem.path;
  if (first === 'options' && typeof index === 'number') {
    const what = leaf === 'price' ? tr.t('admin.menu.price') : leaf === 'name' ? tr.t('admin.menu.name') : '';
    return `${tr.t('admin.modgroups.option')} ${index + 1}${what ? `, ${what}` : ''}: ${problem.message}`;
  }
  const label =
    first === 'min'
      ? tr.t('admin.modgroups.min')
      : first === 'max'
        ? tr.t('admin.modgroups.max')
        : first === 'options'
          ? tr.t('admin.modgroups.options')
          : tr.t('admin.menu.name');
  return `${label}: ${problem.message}`;
}

/** The editor of one group and its options: a new one for the product, or a change of `group` at its version. */
function GroupEditor({
  productId,
  group,
  onDone,
  onCancel,
}: {
  productId: string;
  group: AdminModificationGroup | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const tr = useT();
  const [draft, setDraft] = useState<GroupDraft>(() => (group ? draftOf(group) : emptyDraft()));
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const set = (patch: Partial<GroupDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setOption = (key: string, patch: Partial<GroupDraft['options'][number]>) =>
    setDraft((d) => ({ ...d, options: d.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The API's own schema first: every field named before anything is sent.
    const checked = checkDraft(draft, group ? { version: group.version } : { productId });
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    setState({ saving: true, error: null });
    const sent = group
      ? adminCall('PUT', `/modification-groups/${group.id}`, checked.body)
      : adminCall('POST', '/modification-groups', checked.body);
    sent.then(onDone, (error: unknown) => setState({ saving: false, error }));
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-emerald-300 bg-emerald-50/40 p-3"
      data-testid="modgroup-form"
    >
      <LocalizedFields label={tr.t('admin.menu.name')} value={draft.name} onChange={(name) => set({ name })} testId="modgroup-name" />
      <div className="flex flex-wrap gap-3">
        <Field label={tr.t('admin.modgroups.min')} htmlFor="modgroup-min" hint={tr.t('admin.modgroups.minHint')}>
          <input
            id="modgroup-min"
            data-testid="modgroup-min"
            inputMode="numeric"
            className={`${field} w-24`}
            value={draft.min}
            onChange={(e) => set({ min: e.target.value })}
          />
        </Field>
        <Field label={tr.t('admin.modgroups.max')} htmlFor="modgroup-max">
          <input
            id="modgroup-max"
            data-testid="modgroup-max"
            inputMode="numeric"
            className={`${field} w-24`}
            value={draft.max}
            onChange={(e) => set({ max: e.target.value })}
          />
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{tr.t('admin.modgroups.options')}</legend>
        {draft.options.map((o, index) => (
          <div key={o.key} className="flex flex-wrap items-end gap-2 rounded-md bg-white p-2" data-testid="modgroup-option">
            {CONTENT_LANGS.map((lang) => {
              const text = o.name[lang] ?? '';
              return (
                <label key={lang} className="flex min-w-32 flex-1 flex-col gap-0.5 text-xs uppercase text-slate-500">
                  {lang}
                  <input
                    type="text"
                    dir="auto"
                    data-lang={lang}
                    aria-invalid={!text.trim() || undefined}
                    className={`${field} ${text.trim() ? '' : 'border-amber-400 bg-amber-50'}`}
                    value={text}
                    onChange={(e) => setOption(o.key, { name: { ...o.name, [lang]: e.target.value } })}
                  />
                </label>
              );
            })}
            <label className="flex w-28 flex-col gap-0.5 text-xs text-slate-500">
              {tr.t('admin.menu.price')}
              <input
                inputMode="numeric"
                data-testid="modgroup-option-price"
                className={field}
                value={o.price}
                onChange={(e) => setOption(o.key, { price: e.target.value })}
              />
            </label>
            <label className="flex items-center gap-1.5 self-center text-xs text-slate-600">
              <input
                type="checkbox"
                data-testid="modgroup-option-default"
                checked={o.isDefault}
                onChange={(e) => setOption(o.key, { isDefault: e.target.checked })}
              />
              {tr.t('admin.modgroups.default')}
            </label>
            <span className="flex gap-0.5">
              {([-1, 1] as const).map((by) => (
                <button
                  key={by}
                  type="button"
                  className="rounded px-2 py-2 text-slate-500 hover:bg-slate-200 disabled:opacity-30"
                  disabled={index + by < 0 || index + by >= draft.options.length}
                  aria-label={`${tr.t('admin.modgroups.option')} ${index + 1}: ${tr.t(by < 0 ? 'admin.menu.up' : 'admin.menu.down')}`}
                  onClick={() => set({ options: moveOption(draft.options, o.key, by) })}
                >
                  {by < 0 ? '↑' : '↓'}
                </button>
              ))}
              <button
                type="button"
                className="rounded px-2 py-2 text-red-700 hover:bg-red-50"
                aria-label={`${tr.t('admin.modgroups.option')} ${index + 1}: ${tr.t('admin.modgroups.removeOption')}`}
                onClick={() => set({ options: draft.options.filter((x) => x.key !== o.key) })}
              >
                ✕
              </button>
            </span>
          </div>
        ))}
        <div>
          <button
            type="button"
            className={btn.secondary}
            data-testid="modgroup-add-option"
            onClick={() => set({ options: [...draft.options, newOption()] })}
          >
            + {tr.t('admin.modgroups.addOption')}
          </button>
        </div>
        <p className="text-xs text-slate-500">{tr.t('admin.modgroups.removeHint')}</p>
      </fieldset>
      {problems.length > 0 && (
        <ul role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="modgroup-problems">
          {problems.map((p, i) => (
            <li key={i}>{problemText(p, tr)}</li>
          ))}
        </ul>
      )}
      <SaveBar saving={state.saving} error={state.error} onCancel={onCancel} onReload={onDone} />
    </form>
  );
}

/** Attaches a copy of another product's group (its options new, with the same names and prices) to this product. */
function AttachGroup({ product, onDone, onCancel }: { product: AdminProduct; onDone: () => void; onCancel: () => void }) {
  const tr = useT();
  const groups = useLoad(() => adminCall<List<AdminModificationGroup>>('GET', '/modification-groups'), []);
  const products = useLoad(() => adminCall<List<AdminProduct>>('GET', '/products'), []);
  const [chosen, setChosen] = useState('');
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  if ((groups.loading && !groups.data) || (products.loading && !products.data)) return <Loading />;
  if (groups.error || products.error) return <ErrorNote error={groups.error ?? products.error} onRetry={groups.reload} />;
  const names = new Map((products.data?.content ?? []).map((p) => [p.id, pickText(p.name, tr.content)]));
  const choices = (groups.data?.content ?? []).filter((g) => g.productId !== product.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const group = choices.find((g) => g.id === chosen);
    if (!group) return;
    const checked = checkDraft(draftOf(group, { copy: true }), { productId: product.id });
    if (!checked.ok) {
      setState({ saving: false, error: new Error(checked.problems.map((p) => p.message).join('; ')) });
      return;
    }
    setState({ saving: true, error: null });
    adminCall('POST', '/modification-groups', checked.body).then(onDone, (error: unknown) => setState({ saving: false, error }));
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
      data-testid="modgroup-attach-form"
    >
      <Field label={tr.t('admin.modgroups.attachFrom')} htmlFor="modgroup-source" hint={tr.t('admin.modgroups.attachHint')}>
        <select id="modgroup-source" className={field} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">—</option>
          {choices.map((g) => (
            <option key={g.id} value={g.id}>
              {`${names.get(g.productId) ?? g.productId.slice(0, 8)} — ${pickText(g.name, tr.content)} (${g.options
                .filter((o) => o.active)
                .map((o) => pickText(o.name, tr.content))
                .join(', ')})`}
            </option>
          ))}
        </select>
      </Field>
      <SaveBar saving={state.saving} error={state.error} onCancel={onCancel} saveLabel={tr.t('admin.modgroups.attachSave')} />
    </form>
  );
}
