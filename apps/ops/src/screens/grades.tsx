import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, pickText, GRADE_MAX } from '@dasturxon/domain';
import type { StaffGrade } from '@dasturxon/domain/contracts';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import { branchChoices, useSession } from '../session.ts';
import { btn, BranchSelect, ErrorNote, Loading, useLoad } from '../ui.tsx';

/** Roles that may hide (or show again) a customer's comment. */
const HIDERS = ['owner', 'admin'];

const stars = (grade: number) => '★'.repeat(grade) + '☆'.repeat(Math.max(0, GRADE_MAX - grade));

/**
 * The customers' grades and comments of the member's branches (issue 31; docs/storefront-features.md, "Reviews and
 * grades"), newest first, with the order's number and branch. The owner or an admin hides an abusive comment: it leaves
 * the storefront, and stays here marked with who hid it.
 */
export function GradesScreen() {
  const tr = useT();
  const session = useSession();
  const branches = branchChoices(session, tr.content);
  const mayHide = HIDERS.includes(session.staff.role);
  const [branchId, setBranchId] = useState('');
  const [page, setPage] = useState(0);
  // The pages before the current one, as they were read ("show more" moves the current one here).
  const [earlier, setEarlier] = useState<StaffGrade[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const current = useLoad(() => api.grades(page, branchId || undefined), [page, branchId]);
  // By id: while the next page loads, the current answer is still the one just moved to `earlier`.
  const items = [...new Map([...earlier, ...(current.data?.items ?? [])].map((g) => [g.id, g])).values()];
  const error = failure ?? current.error;

  const toggle = async (grade: StaffGrade) => {
    setFailure(null);
    try {
      const changed = await api.hideGrade(grade.id, !grade.hidden);
      const swap = (list: StaffGrade[]) => list.map((g) => (g.id === changed.id ? changed : g));
      setEarlier(swap);
      current.setData((answer) => answer && { ...answer, items: swap(answer.items) });
    } catch (e) {
      setFailure(e);
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-3 p-3" data-testid="grades-screen">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{tr.t('gradesTitle')}</h1>
        <BranchSelect
          id="grades-branch"
          value={branchId}
          branches={branches}
          all={tr.t('allBranches')}
          onChange={(id) => {
            setBranchId(id);
            setEarlier([]);
            setPage(0);
          }}
        />
      </div>
      {error !== null && <ErrorNote error={error} onRetry={current.reload} />}
      {current.loading && items.length === 0 ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-500 shadow-sm" data-testid="grades-empty">
          {tr.t('gradesEmpty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-sm">
          {items.map((g) => (
            <li
              key={g.id}
              data-testid="grade-row"
              data-order={g.orderNumber}
              data-hidden={g.hidden}
              className="flex flex-col gap-1 px-3 py-3"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span
                  className="text-lg tracking-wide text-amber-500"
                  aria-label={tr.t('gradeOutOf', { grade: g.grade })}
                  data-testid="grade-stars"
                >
                  {stars(g.grade)}
                </span>
                <Link to={`/orders/${g.orderId}`} className="font-semibold underline-offset-2 hover:underline" data-testid="grade-order">
                  {tr.t('gradeOrder', { number: g.orderNumber })}
                </Link>
                <span className="text-sm text-slate-600">{pickText(g.branchName, tr.content)}</span>
                <span className="text-sm text-slate-500 tabular-nums">{formatDate(g.createdAt, { withTime: true })}</span>
                <span className="text-sm text-slate-600">{g.customerName || '—'}</span>
              </div>
              {g.products.length > 0 && (
                <p className="text-sm text-slate-600">
                  {g.products.map((p) => `${pickText(p.name, tr.content) || '—'} ${p.grade}/${GRADE_MAX}`).join(' · ')}
                </p>
              )}
              {g.comment && (
                <p data-testid="grade-comment" className={`text-slate-900 ${g.hidden ? 'text-slate-400 line-through' : ''}`}>
                  “{g.comment}”
                </p>
              )}
              {g.hidden && (
                <p data-testid="grade-hidden" className="text-sm font-medium text-red-700">
                  {tr.t('gradeHiddenBy', { name: g.hiddenBy || '—', time: formatDate(g.hiddenAt, { withTime: true }) })}
                </p>
              )}
              {mayHide && g.comment && (
                <span>
                  <button
                    type="button"
                    data-testid={g.hidden ? 'grade-show' : 'grade-hide'}
                    className={`${g.hidden ? btn.secondary : btn.danger} min-h-9 py-1 text-sm`}
                    onClick={() => void toggle(g)}
                  >
                    {tr.t(g.hidden ? 'gradeShow' : 'gradeHide')}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {current.data?.hasMore && (
        <button
          type="button"
          className={btn.secondary}
          data-testid="grades-more"
          disabled={current.loading}
          onClick={() => {
            setEarlier(items);
            setPage((p) => p + 1);
          }}
        >
          {tr.t('gradesMore')}
        </button>
      )}
    </div>
  );
}
