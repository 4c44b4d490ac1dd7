import { useState, type FormEvent } from 'react';
import { imageUrl, MENU_SOURCES, pickText } from '@dasturxon/domain';
import {
  ProductInput,
  type AdminCategory,
  type AdminGroup,
  type AdminProduct,
  type BulkPriceAnswer,
  type LocalizedText,
} from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { money } from '../../format.ts';
import { useT } from '../../i18n.ts';
import { useSession } from '../../session.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { Field, LocalizedFields, SaveBar } from '../form.tsx';
import { ImageField } from '../media/image-field.tsx';
import { ModificationGroups } from './modification-groups.tsx';

type List<T> = { content: T[] };

/** Moves an item of a list one place up (-1) or down (+1); the new order of ids. */
function moved(ids: string[], id: string, by: -1 | 1): string[] | null {
  const at = ids.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** Up and down buttons beside an item of an ordered list (drag's keyboard and phone counterpart). */
function OrderButtons({ ids, id, onOrder, label }: { ids: string[]; id: string; onOrder: (ids: string[]) => void; label: string }) {
  const tr = useT();
  return (
    <span className="flex shrink-0 gap-0.5">
      {([-1, 1] as const).map((by) => {
        const next = moved(ids, id, by);
        return (
          <button
            key={by}
            type="button"
            disabled={!next}
            aria-label={`${label}: ${tr.t(by < 0 ? 'admin.menu.up' : 'admin.menu.down')}`}
            className="rounded px-1.5 text-slate-500 hover:bg-slate-200 disabled:opacity-30"
            onClick={() => next && onOrder(next)}
          >
            {by < 0 ? '↑' : '↓'}
          </button>
        );
      })}
    </span>
  );
}

/**
 * The back office's menu (issue 28): the groups and their categories beside the chosen category's products; a group,
 * a category or a product is created and changed here, lists are put in order by dragging or by the arrows, and a
 * category's prices can be raised or lowered by a percent at once.
 */
export function MenuScreen() {
  const tr = useT();
  const groups = useLoad(() => adminCall<List<AdminGroup>>('GET', '/groups'), []);
  const categories = useLoad(() => adminCall<List<AdminCategory>>('GET', '/categories'), []);
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<
    { kind: 'group'; group: AdminGroup | null } | { kind: 'category'; category: AdminCategory | null; groupId: string | null } | null
  >(null);
  const [failed, setFailed] = useState<unknown>(null);

  if ((groups.loading && !groups.data) || (categories.loading && !categories.data)) return <Loading />;
  if (groups.error || categories.error)
    return <ErrorNote error={groups.error ?? categories.error} onRetry={() => (groups.reload(), categories.reload())} />;
  const allGroups = groups.data?.content ?? [];
  const allCategories = categories.data?.content ?? [];
  const category = allCategories.find((c) => c.id === chosen) ?? null;
  const order = (path: string, ids: string[], reload: () => void) =>
    adminCall('PUT', path, { ids }).then(reload, (error: unknown) => {
      setFailed(error);
      reload();
    });
  const sections: { group: AdminGroup | null; items: AdminCategory[] }[] = [
    ...allGroups.map((group) => ({ group, items: allCategories.filter((c) => c.groupId === group.id) })),
    { group: null, items: allCategories.filter((c) => !c.groupId || !allGroups.some((g) => g.id === c.groupId)) },
  ];

  return (
    <div className="flex flex-col gap-3" data-testid="admin-menu">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{tr.t('admin.nav.menu')}</h1>
        <div className="flex gap-2">
          <button
            type="button"
            className={btn.secondary}
            data-testid="menu-add-group"
            onClick={() => setEditing({ kind: 'group', group: null })}
          >
            + {tr.t('admin.menu.group')}
          </button>
          <button
            type="button"
            className={btn.secondary}
            data-testid="menu-add-category"
            onClick={() => setEditing({ kind: 'category', category: null, groupId: allGroups[0]?.id ?? null })}
          >
            + {tr.t('admin.menu.category')}
          </button>
        </div>
      </header>
      {failed ? <ErrorNote error={failed} /> : null}
      {editing?.kind === 'group' && (
        <GroupForm
          group={editing.group}
          onDone={() => {
            setEditing(null);
            groups.reload();
            categories.reload();
          }}
        />
      )}
      {editing?.kind === 'category' && (
        <CategoryForm
          category={editing.category}
          groupId={editing.groupId}
          groups={allGroups}
          onDone={(saved) => {
            setEditing(null);
            categories.reload();
            if (saved) setChosen(saved.id);
          }}
        />
      )}
      <div className="grid gap-3 lg:grid-cols-[20rem_1fr]">
        <nav aria-label={tr.t('admin.menu.categories')} className="flex flex-col gap-3" data-testid="menu-tree">
          {sections.map(({ group, items }) =>
            group === null && items.length === 0 ? null : (
              <section key={group?.id ?? 'none'} className="rounded-lg border border-slate-200 bg-white p-2">
                <div className="flex items-center gap-1 px-1 pb-1">
                  <h2 className="flex-1 truncate text-sm font-semibold text-slate-600">
                    {group ? pickText(group.name, tr.content) : tr.t('admin.menu.noGroup')}
                  </h2>
                  {group && (
                    <>
                      <OrderButtons
                        ids={allGroups.map((g) => g.id)}
                        id={group.id}
                        label={pickText(group.name, tr.content)}
                        onOrder={(ids) => void order('/groups/order', ids, groups.reload)}
                      />
                      <button
                        type="button"
                        className="rounded px-1.5 text-sm text-slate-500 hover:bg-slate-200"
                        onClick={() => setEditing({ kind: 'group', group })}
                      >
                        {tr.t('admin.menu.edit')}
                      </button>
                    </>
                  )}
                </div>
                <ol className="flex flex-col">
                  {items.map((c) => (
                    <li
                      key={c.id}
                      draggable
                      onDragStart={(e) => e.dataTransfer.setData('text/x-dx-category', c.id)}
                      onDragOver={(e) => e.preventDefault()}
                      onDrop={(e) => {
                        const dragged = e.dataTransfer.getData('text/x-dx-category');
                        const ids = items.map((i) => i.id).filter((id) => id !== dragged);
                        if (!dragged || dragged === c.id || !items.some((i) => i.id === dragged)) return;
                        ids.splice(ids.indexOf(c.id), 0, dragged);
                        void order('/categories/order', ids, categories.reload);
                      }}
                      className={`flex items-center gap-1 rounded-md ${c.id === chosen ? 'bg-slate-900 text-white' : 'hover:bg-slate-100'}`}
                    >
                      <button
                        type="button"
                        className="min-h-10 flex-1 truncate px-2 text-start text-sm"
                        data-testid="menu-category"
                        data-id={c.id}
                        onClick={() => setChosen(c.id)}
                      >
                        {pickText(c.name, tr.content)}
                        {!c.active && <span className="ms-2 text-xs opacity-70">({tr.t('admin.menu.off')})</span>}
                      </button>
                      <OrderButtons
                        ids={items.map((i) => i.id)}
                        id={c.id}
                        label={pickText(c.name, tr.content)}
                        onOrder={(ids) => void order('/categories/order', ids, categories.reload)}
                      />
                    </li>
                  ))}
                </ol>
              </section>
            ),
          )}
          {allCategories.length === 0 && <p className="text-sm text-slate-500">{tr.t('admin.menu.empty')}</p>}
        </nav>
        <div className="min-w-0">
          {category ? (
            <CategoryProducts
              key={category.id}
              category={category}
              onEditCategory={() => setEditing({ kind: 'category', category, groupId: category.groupId })}
              onOrder={order}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-500">{tr.t('admin.menu.choose')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

function GroupForm({ group, onDone }: { group: AdminGroup | null; onDone: () => void }) {
  const tr = useT();
  const [name, setName] = useState<LocalizedText>(group?.name ?? {});
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setState({ saving: true, error: null });
    const sent = group
      ? adminCall('PUT', `/groups/${group.id}`, { name, version: group.version, priority: group.priority })
      : adminCall('POST', '/groups', { name });
    sent.then(onDone, (error: unknown) => setState({ saving: false, error }));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="group-form">
      <LocalizedFields label={tr.t('admin.menu.name')} value={name} onChange={setName} testId="group-name" />
      <SaveBar saving={state.saving} error={state.error} onCancel={onDone} />
    </form>
  );
}

function CategoryForm({
  category,
  groupId,
  groups,
  onDone,
}: {
  category: AdminCategory | null;
  groupId: string | null;
  groups: AdminGroup[];
  onDone: (saved: AdminCategory | null) => void;
}) {
  const tr = useT();
  const [name, setName] = useState<LocalizedText>(category?.name ?? {});
  const [group, setGroup] = useState(category?.groupId ?? groupId ?? '');
  const [active, setActive] = useState(category?.active ?? true);
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setState({ saving: true, error: null });
    const body = { name, groupId: group || null, active };
    const sent = category
      ? adminCall<AdminCategory>('PUT', `/categories/${category.id}`, { ...body, version: category.version, priority: category.priority })
      : adminCall<AdminCategory>('POST', '/categories', body);
    sent.then(onDone, (error: unknown) => setState({ saving: false, error }));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="category-form">
      <LocalizedFields label={tr.t('admin.menu.name')} value={name} onChange={setName} testId="category-name" />
      <div className="flex flex-wrap items-end gap-4">
        <Field label={tr.t('admin.menu.group')} htmlFor="category-group">
          <select id="category-group" className={field} value={group} onChange={(e) => setGroup(e.target.value)}>
            <option value="">{tr.t('admin.menu.noGroup')}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {pickText(g.name, tr.content)}
              </option>
            ))}
          </select>
        </Field>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {tr.t('admin.menu.shown')}
        </label>
      </div>
      <SaveBar saving={state.saving} error={state.error} onCancel={() => onDone(null)} />
    </form>
  );
}

function CategoryProducts({
  category,
  onEditCategory,
  onOrder,
}: {
  category: AdminCategory;
  onEditCategory: () => void;
  onOrder: (path: string, ids: string[], reload: () => void) => Promise<void>;
}) {
  const tr = useT();
  const list = useLoad(() => adminCall<List<AdminProduct>>('GET', `/products?categoryId=${category.id}`), [category.id]);
  const [open, setOpen] = useState<AdminProduct | 'new' | null>(null);
  const [bulk, setBulk] = useState(false);
  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <ErrorNote error={list.error} onRetry={list.reload} />;
  const items = list.data?.content ?? [];
  const ids = items.map((p) => p.id);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-lg font-semibold" data-testid="menu-category-title">
          {pickText(category.name, tr.content)}
        </h2>
        <button type="button" className={btn.secondary} onClick={onEditCategory}>
          {tr.t('admin.menu.edit')}
        </button>
        <button type="button" className={btn.secondary} onClick={() => setBulk((b) => !b)} data-testid="menu-bulk-open">
          {tr.t('admin.menu.bulk')}
        </button>
        <button type="button" className={btn.primary} onClick={() => setOpen('new')} data-testid="menu-add-product">
          + {tr.t('admin.menu.product')}
        </button>
      </div>
      {bulk && (
        <BulkPrices
          category={category}
          onDone={() => {
            setBulk(false);
            list.reload();
          }}
        />
      )}
      {open && (
        <ProductForm
          key={open === 'new' ? 'new' : `${open.id}:${open.version}`}
          product={open === 'new' ? null : open}
          categoryId={category.id}
          onDone={() => {
            setOpen(null);
            list.reload();
          }}
        />
      )}
      {/* The product form's modification groups: their own forms beside it (a form holds no form); a new product saves first. */}
      {open && open !== 'new' && <ModificationGroups key={open.id} product={open} />}
      <ol className="flex flex-col gap-1" data-testid="menu-products">
        {items.map((p) => (
          <li
            key={p.id}
            draggable
            onDragStart={(e) => e.dataTransfer.setData('text/x-dx-product', p.id)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              const dragged = e.dataTransfer.getData('text/x-dx-product');
              if (!dragged || dragged === p.id || !ids.includes(dragged)) return;
              const next = ids.filter((id) => id !== dragged);
              next.splice(next.indexOf(p.id), 0, dragged);
              void onOrder('/products/order', next, list.reload);
            }}
            className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2"
            data-testid="menu-product"
            data-id={p.id}
          >
            <img
              src={imageUrl(p.image, { width: 96, height: 96 })}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-md object-cover"
            />
            <button type="button" className="min-w-0 flex-1 text-start" onClick={() => setOpen(p)} data-testid="menu-product-open">
              <span className="block truncate font-medium">{pickText(p.name, tr.content)}</span>
              <span className="text-sm text-slate-600">
                <span data-testid="menu-product-price">{money(p.price, tr)}</span>
                {p.oldPrice ? <del className="ms-2 text-slate-400">{money(p.oldPrice, tr)}</del> : null}
                {!p.active && <span className="ms-2 rounded bg-slate-200 px-1.5 text-xs">{tr.t('admin.menu.off')}</span>}
              </span>
            </button>
            <OrderButtons
              ids={ids}
              id={p.id}
              label={pickText(p.name, tr.content)}
              onOrder={(next) => void onOrder('/products/order', next, list.reload)}
            />
          </li>
        ))}
      </ol>
      {items.length === 0 && <p className="text-sm text-slate-500">{tr.t('admin.menu.noProducts')}</p>}
    </div>
  );
}

function BulkPrices({ category, onDone }: { category: AdminCategory; onDone: () => void }) {
  const tr = useT();
  const [percent, setPercent] = useState('10');
  const [preview, setPreview] = useState<BulkPriceAnswer | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const run = (dryRun: boolean) => {
    setState({ busy: true, error: null });
    adminCall<BulkPriceAnswer>('POST', `/categories/${category.id}/prices`, { percent: Number(percent), roundTo: 100, dryRun }).then(
      (answer) => {
        setState({ busy: false, error: null });
        if (dryRun) setPreview(answer);
        else onDone();
      },
      (error: unknown) => setState({ busy: false, error }),
    );
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="bulk-prices">
      <div className="flex flex-wrap items-end gap-2">
        <Field label={tr.t('admin.menu.percent')} htmlFor="bulk-percent">
          <input
            id="bulk-percent"
            type="number"
            inputMode="decimal"
            className={`${field} w-28`}
            value={percent}
            onChange={(e) => {
              setPercent(e.target.value);
              setPreview(null);
            }}
          />
        </Field>
        <button type="button" className={btn.secondary} disabled={state.busy} onClick={() => run(true)} data-testid="bulk-preview">
          {tr.t('admin.menu.preview')}
        </button>
        {preview && preview.changes.length > 0 && (
          <button type="button" className={btn.primary} disabled={state.busy} onClick={() => run(false)} data-testid="bulk-apply">
            {tr.t('admin.menu.apply')}
          </button>
        )}
      </div>
      {state.error ? <ErrorNote error={state.error} /> : null}
      {preview && (
        <ul className="text-sm" data-testid="bulk-changes">
          {preview.changes.map((c) => (
            <li key={c.id}>
              {pickText(c.name, tr.content)}: <del>{money(c.before, tr)}</del> → <strong>{money(c.after, tr)}</strong>
            </li>
          ))}
          {preview.changes.length === 0 && <li>{tr.t('admin.menu.noChanges')}</li>}
        </ul>
      )}
    </div>
  );
}

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function ProductForm({ product, categoryId, onDone }: { product: AdminProduct | null; categoryId: string; onDone: () => void }) {
  const tr = useT();
  const { branches } = useSession();
  const [name, setName] = useState<LocalizedText>(product?.name ?? {});
  const [description, setDescription] = useState<LocalizedText>(product?.description ?? {});
  const [image, setImage] = useState(product?.image ?? '');
  const [price, setPrice] = useState(String(product?.price ?? ''));
  const [oldPrice, setOldPrice] = useState(product?.oldPrice ? String(product.oldPrice) : '');
  const [mxicCode, setMxic] = useState(product?.mxicCode ?? '');
  const [measure, setMeasure] = useState(product?.measure != null ? String(product.measure) : '');
  const [count, setCount] = useState(product?.count != null ? String(product.count) : '');
  const [systems, setSystems] = useState<string[]>(product?.systems ?? [...MENU_SOURCES]);
  const [active, setActive] = useState(product?.active ?? true);
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const [problem, setProblem] = useState<string | null>(null);
  const availability = useLoad(
    () =>
      product
        ? adminCall<{ branches: { branchId: string; available: boolean }[] }>('GET', `/products/${product.id}/availability`)
        : Promise.resolve(null),
    [product?.id],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      categoryId,
      name,
      description,
      image,
      price: Number(price),
      oldPrice: numberOrNull(oldPrice),
      mxicCode: mxicCode.trim() || null,
      measure: numberOrNull(measure),
      count: numberOrNull(count),
      systems,
      active,
    };
    // The API's own schema first: the field named before anything is sent.
    const checked = ProductInput.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues.map((i) => `${tr.t(`admin.menu.field.${String(i.path[0])}`)}: ${i.message}`).join('; '));
      return;
    }
    setProblem(null);
    setState({ saving: true, error: null });
    const sent = product
      ? adminCall('PATCH', `/products/${product.id}`, { ...body, version: product.version })
      : adminCall('POST', '/products', body);
    sent.then(onDone, (error: unknown) => setState({ saving: false, error }));
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-slate-300 bg-white p-3" data-testid="product-form">
      <LocalizedFields label={tr.t('admin.menu.name')} value={name} onChange={setName} testId="product-name" />
      <LocalizedFields
        label={tr.t('admin.menu.description')}
        value={description}
        onChange={setDescription}
        multiline
        testId="product-description"
      />
      <ImageField label={tr.t('admin.menu.photo')} value={image} onChange={setImage} testId="product-photo" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={tr.t('admin.menu.price')} htmlFor="product-price">
          <input
            id="product-price"
            data-testid="product-price"
            inputMode="numeric"
            className={field}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </Field>
        <Field label={tr.t('admin.menu.oldPrice')} htmlFor="product-old-price" hint={tr.t('admin.menu.oldPriceHint')}>
          <input
            id="product-old-price"
            data-testid="product-old-price"
            inputMode="numeric"
            className={field}
            value={oldPrice}
            onChange={(e) => setOldPrice(e.target.value)}
          />
        </Field>
        <Field label={tr.t('admin.menu.mxik')} htmlFor="product-mxik">
          <input id="product-mxik" inputMode="numeric" className={field} value={mxicCode} onChange={(e) => setMxic(e.target.value)} />
        </Field>
        <Field label={tr.t('admin.menu.weight')} htmlFor="product-measure">
          <input id="product-measure" inputMode="decimal" className={field} value={measure} onChange={(e) => setMeasure(e.target.value)} />
        </Field>
        <Field label={tr.t('admin.menu.stock')} htmlFor="product-count" hint={tr.t('admin.menu.stockHint')}>
          <input id="product-count" inputMode="numeric" className={field} value={count} onChange={(e) => setCount(e.target.value)} />
        </Field>
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">{tr.t('admin.menu.channels')}</legend>
        {MENU_SOURCES.map((s) => (
          <label key={s} className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={systems.includes(s)}
              onChange={(e) => setSystems((all) => (e.target.checked ? [...all, s] : all.filter((x) => x !== s)))}
            />
            {s}
          </label>
        ))}
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="product-active" />{' '}
          {tr.t('admin.menu.shown')}
        </label>
      </fieldset>
      {product && availability.data && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1" data-testid="product-availability">
          <legend className="mb-1 text-sm font-medium text-slate-700">{tr.t('admin.menu.availability')}</legend>
          {availability.data.branches.map((b) => {
            const label = pickText(branches.find((x) => x.id === b.branchId)?.name, tr.content) || b.branchId.slice(0, 8);
            return (
              <label key={b.branchId} className="flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={b.available}
                  onChange={(e) =>
                    adminCall<{ branches: { branchId: string; available: boolean }[] }>('PUT', `/products/${product.id}/availability`, {
                      branches: [{ branchId: b.branchId, available: e.target.checked }],
                    }).then(availability.setData, (error: unknown) => setState({ saving: false, error }))
                  }
                />
                {label}
              </label>
            );
          })}
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800" data-testid="product-problem">
          {problem}
        </p>
      )}
      <SaveBar saving={state.saving} error={state.error} onCancel={onDone} onReload={onDone} />
      {product && (
        <details>
          <summary className="cursor-pointer text-sm text-slate-600">{tr.t('admin.nav.audit')}</summary>
          <AuditTrail objectType="product" objectId={product.id} />
        </details>
      )}
    </form>
  );
}
