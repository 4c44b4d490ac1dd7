import { useState, type FormEvent } from 'react';
import type { AdminPromo, PromoRemoved } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { dateOnly, money } from '../../format.ts';
import { useT, type I18n } from '../../i18n.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { Field, SaveBar } from '../form.tsx';
import { formOf, promoBody, type PromoFormState } from './promo-form.ts';

type List<T> = { content: T[] };

/** The label of each field of the form: the problems of a check name them. */
const LABELS: Record<keyof PromoFormState, string> = {
  code: 'admin.promos.code',
  discountType: 'admin.promos.kind',
  target: 'admin.promos.target',
  value: 'admin.promos.value',
  startDate: 'admin.promos.from',
  endDate: 'admin.promos.to',
  minPrice: 'admin.promos.minPrice',
  perCustomerLimit: 'admin.promos.perCustomer',
  totalLimit: 'admin.promos.total',
  isActive: 'admin.promos.active',
  isPublic: 'admin.promos.public',
};

/** What a promo takes off, in words: `10 % · products`, `5 000 сум · delivery`. */
function discountText(p: Pick<AdminPromo, 'discountType' | 'value' | 'target'>, tr: I18n): string {
  const value = p.discountType === 'PERCENTAGE' ? `${p.value} %` : money(p.value, tr);
  return `${value} · ${tr.t(p.target === 'PRODUCTS' ? 'admin.promos.products' : 'admin.promos.delivery')}`;
}

/** Its uses so far against its total limit. */
const usesText = (p: AdminPromo, tr: I18n): string =>
  p.totalLimit === null ? tr.t('admin.promos.used', { used: p.used }) : tr.t('admin.promos.usedOf', { used: p.used, limit: p.totalLimit });

/**
 * The back office's promo codes (issue 28): the brand's codes with a search, each with its discount, dates and uses so
 * far; a form to add or change one (saved at the version read: a stale save offers the promo as it is now), delete it
 * (an order that used it keeps it, switched off), and its audit trail.
 */
export function PromosScreen() {
  const tr = useT();
  const [search, setSearch] = useState('');
  const list = useLoad(
    () => adminCall<List<AdminPromo>>('GET', `/promos${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`),
    [search],
  );
  const [editing, setEditing] = useState<{ promo: AdminPromo | null; key: number } | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const done = (message: string | null) => {
    setEditing(null);
    setNote(message);
    list.reload();
  };

  return (
    <div className="flex flex-col gap-3" data-testid="admin-promos">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{tr.t('admin.nav.promos')}</h1>
        <button
          type="button"
          className={btn.primary}
          data-testid="promo-add"
          onClick={() => (setNote(null), setEditing({ promo: null, key: Date.now() }))}
        >
          + {tr.t('admin.promos.new')}
        </button>
      </header>
      <input
        type="search"
        className={field}
        placeholder={tr.t('admin.promos.search')}
        aria-label={tr.t('admin.promos.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="promo-search"
      />
      {note && (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-900" data-testid="promo-note">
          {note}
        </p>
      )}
      {editing && <PromoForm key={editing.key} promo={editing.promo} onDone={done} />}
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} /> : null}
      {list.loading && !list.data ? (
        <Loading />
      ) : (list.data?.content.length ?? 0) === 0 ? (
        <p className="text-slate-500">{tr.t('admin.promos.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="promo-list">
          {list.data!.content.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`flex w-full flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border bg-white p-3 text-start hover:bg-slate-50 ${
                  editing?.promo?.id === p.id ? 'border-emerald-500' : 'border-slate-200'
                }`}
                onClick={() => (setNote(null), setEditing({ promo: p, key: Date.now() }))}
                data-testid="promo-item"
              >
                <span className="font-mono font-semibold" dir="ltr">
                  {p.code}
                </span>
                <span>{discountText(p, tr)}</span>
                <span className="text-sm text-slate-500">{datesText(p, tr)}</span>
                <span className="text-sm text-slate-600" data-testid="promo-uses">
                  {usesText(p, tr)}
                </span>
                {!p.isActive && <span className="rounded bg-slate-200 px-2 text-xs text-slate-700">{tr.t('admin.promos.inactive')}</span>}
                {p.isPublic && (
                  <span className="rounded bg-emerald-100 px-2 text-xs text-emerald-800" data-testid="promo-public-badge">
                    {tr.t('admin.promos.listed')}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Its dates, or that it has none. */
function datesText(p: AdminPromo, tr: I18n): string {
  if (!p.startDate && !p.endDate) return tr.t('admin.promos.always');
  const day = (iso: string | null) => (iso ? dateOnly(iso, tr) : '…');
  return `${day(p.startDate)} – ${day(p.endDate)}`;
}

function PromoForm({ promo: initial, onDone }: { promo: AdminPromo | null; onDone: (note: string | null) => void }) {
  const tr = useT();
  const [promo, setPromo] = useState(initial);
  const [form, setForm] = useState<PromoFormState>(() => formOf(initial));
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const [problems, setProblems] = useState<string | null>(null);
  const set = <K extends keyof PromoFormState>(key: K, value: PromoFormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  /** After a stale save: the promo as it is now, its form with it (what was typed is dropped, as asked). */
  const reload = () => {
    if (!promo) return;
    adminCall<AdminPromo>('GET', `/promos/${promo.id}`).then(
      (now) => {
        setPromo(now);
        setForm(formOf(now));
        setState({ saving: false, error: null });
      },
      (error: unknown) => setState({ saving: false, error }),
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = promoBody(form);
    if (!checked.ok) {
      setProblems(checked.problems.map((p) => `${tr.t(LABELS[p.field] ?? 'admin.promos.code')}: ${p.message}`).join('; '));
      return;
    }
    setProblems(null);
    setState({ saving: true, error: null });
    const sent = promo
      ? adminCall<AdminPromo>('PUT', `/promos/${promo.id}`, { ...checked.body, version: promo.version })
      : adminCall<AdminPromo>('POST', '/promos', checked.body);
    sent.then(
      () => onDone(null),
      (error: unknown) => setState({ saving: false, error }),
    );
  };

  const remove = () => {
    if (!promo || !window.confirm(tr.t('admin.promos.removeConfirm'))) return;
    setState({ saving: true, error: null });
    adminCall<PromoRemoved>('DELETE', `/promos/${promo.id}?version=${promo.version}`).then(
      (answer) => onDone(tr.t(answer.outcome === 'archived' ? 'admin.promos.archived' : 'admin.promos.deleted')),
      (error: unknown) => setState({ saving: false, error }),
    );
  };

  const number = (key: 'value' | 'minPrice' | 'perCustomerLimit' | 'totalLimit', id: string, hint?: string) => (
    <Field label={tr.t(LABELS[key])} htmlFor={id} {...(hint ? { hint } : {})}>
      <input id={id} data-testid={id} inputMode="numeric" className={field} value={form[key]} onChange={(e) => set(key, e.target.value)} />
    </Field>
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-slate-300 bg-white p-3" data-testid="promo-form">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={tr.t('admin.promos.code')} htmlFor="promo-code" hint={tr.t('admin.promos.codeHint')}>
          <input
            id="promo-code"
            data-testid="promo-code"
            dir="ltr"
            autoCapitalize="characters"
            className={`${field} font-mono`}
            value={form.code}
            onChange={(e) => set('code', e.target.value)}
          />
        </Field>
        <Field label={tr.t('admin.promos.kind')} htmlFor="promo-kind">
          <select
            id="promo-kind"
            data-testid="promo-kind"
            className={field}
            value={form.discountType}
            onChange={(e) => set('discountType', e.target.value as PromoFormState['discountType'])}
          >
            <option value="PERCENTAGE">{tr.t('admin.promos.percent')}</option>
            <option value="AMOUNT">{tr.t('admin.promos.amount')}</option>
          </select>
        </Field>
        {number('value', 'promo-value', form.discountType === 'PERCENTAGE' ? '1–100 %' : tr.t('sum'))}
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-700">{tr.t('admin.promos.target')}</legend>
          {(['PRODUCTS', 'DELIVERY'] as const).map((target) => (
            <label key={target} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="radio"
                name="promo-target"
                value={target}
                checked={form.target === target}
                onChange={() => set('target', target)}
                data-testid={`promo-target-${target}`}
              />
              {tr.t(target === 'PRODUCTS' ? 'admin.promos.products' : 'admin.promos.delivery')}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={tr.t('admin.promos.from')} htmlFor="promo-from" hint={tr.t('admin.promos.datesHint')}>
          <input
            id="promo-from"
            type="datetime-local"
            className={field}
            value={form.startDate}
            onChange={(e) => set('startDate', e.target.value)}
          />
        </Field>
        <Field label={tr.t('admin.promos.to')} htmlFor="promo-to">
          <input
            id="promo-to"
            type="datetime-local"
            className={field}
            value={form.endDate}
            onChange={(e) => set('endDate', e.target.value)}
          />
        </Field>
        {number('minPrice', 'promo-min-price')}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {number('perCustomerLimit', 'promo-per-customer', tr.t('admin.promos.limitHint'))}
        {number('totalLimit', 'promo-total')}
        {promo && (
          <div className="flex flex-col justify-center text-sm text-slate-700" data-testid="promo-used">
            {usesText(promo, tr)}
          </div>
        )}
      </div>
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input type="checkbox" checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} data-testid="promo-active" />
        {tr.t('admin.promos.active')}
      </label>
      <label className="flex min-h-9 items-center gap-2 text-sm">
        <input type="checkbox" checked={form.isPublic} onChange={(e) => set('isPublic', e.target.checked)} data-testid="promo-public" />
        <span>
          {tr.t('admin.promos.public')}
          <span className="block text-xs text-slate-500">{tr.t('admin.promos.publicHint')}</span>
        </span>
      </label>
      {problems && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800" data-testid="promo-problem">
          {problems}
        </p>
      )}
      <SaveBar saving={state.saving} error={state.error} onCancel={() => onDone(null)} onReload={reload} />
      {promo && (
        <>
          <div>
            <button type="button" className={btn.danger} onClick={remove} disabled={state.saving} data-testid="promo-remove">
              {tr.t('admin.promos.remove')}
            </button>
          </div>
          <details>
            <summary className="cursor-pointer text-sm text-slate-600">{tr.t('admin.nav.audit')}</summary>
            <AuditTrail objectType="promo" objectId={promo.id} />
          </details>
        </>
      )}
    </form>
  );
}
