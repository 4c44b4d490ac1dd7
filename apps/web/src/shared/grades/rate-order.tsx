import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GRADABLE_STATUSES, GRADE_COMMENT_MAX, pickText, type Order, type OrderGrade } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { catalogueKeys } from '../catalogue/catalogue.api.ts';
import { Button } from '../ui/button.tsx';
import { useShowFailure } from '../ui/failed-call.ts';
import { toast } from '../ui/toast.tsx';
import { gradeKeys, orderGradeQuery, saveOrderGrade } from './grades.api.ts';
import { Stars } from './stars.tsx';

/** Whether the order reached its customer, so the page offers "rate your order". */
export const isGradable = (order: Pick<Order, 'status'>): boolean => (GRADABLE_STATUSES as readonly string[]).includes(order.status);

/**
 * "Rate your order" (issue 31): on a delivered or picked-up order, the order's stars, each product's, and a comment;
 * afterwards the grade given, which may be changed for a day (packages/domain grades.ts).
 */
export function RateOrder({ order, timeText }: { order: Order; timeText: (iso: string) => string }) {
  const { t } = useTranslation();
  const { data } = useQuery(orderGradeQuery(order.id));
  const [editing, setEditing] = useState(false);
  if (!data || (!data.canGrade && data.grade === null)) return null;
  const showForm = data.canGrade && (data.grade === null || editing);
  return (
    <section data-testid="rate-order" className="mt-4 rounded-3xl border border-line bg-surface p-4">
      <h2 className="mb-3 text-[17px] font-extrabold tracking-tight">{t(data.grade === null ? 'grades.rateTitle' : 'grades.yourGrade')}</h2>
      {showForm ? (
        <RateForm order={order} given={data} onDone={() => setEditing(false)} />
      ) : (
        <Given given={data} onChange={() => setEditing(true)} timeText={timeText} />
      )}
    </section>
  );
}

function Given({ given, onChange, timeText }: { given: OrderGrade; onChange: () => void; timeText: (iso: string) => string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="rate-order-given">
      <Stars value={given.grade} label={t('grades.orderLabel')} testId="rate-order-given-stars" size={24} />
      {given.comment && (
        <p data-testid="rate-order-given-comment" className="mt-2 text-[15px] whitespace-pre-line">
          <bdi>{given.comment}</bdi>
        </p>
      )}
      {given.canGrade && given.changeableUntil && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <span className="text-[13px] text-muted">{t('grades.changeableUntil', { time: timeText(given.changeableUntil) })}</span>
          <Button variant="secondary" size="sm" data-testid="rate-order-change" onClick={onChange}>
            {t('grades.change')}
          </Button>
        </div>
      )}
    </div>
  );
}

function RateForm({ order, given, onDone }: { order: Order; given: OrderGrade; onDone: () => void }) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  const lines = [...new Map(order.cartItems.map((l) => [l.productId, l])).values()];
  const [grade, setGrade] = useState<number | null>(given.grade);
  const [byProduct, setByProduct] = useState<Record<string, number>>(() =>
    Object.fromEntries(given.products.map((p) => [p.productId, p.grade])),
  );
  const [comment, setComment] = useState(given.comment ?? '');
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      saveOrderGrade(order.id, {
        grade: grade!,
        comment: comment.trim() || null,
        products: Object.entries(byProduct).map(([productId, g]) => ({ productId, grade: g })),
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(gradeKeys.order(order.id), saved);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.grades });
      await queryClient.invalidateQueries({ queryKey: ['grades', 'comments'] });
      toast(t('grades.thanks'), 'success');
      onDone();
    },
    onError: (error) => showFailure(error),
  });
  const submit = () => {
    if (grade === null) return setMissing(true);
    save.mutate();
  };
  return (
    <form
      data-testid="rate-order-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stars
        value={grade}
        onChange={(g) => {
          setGrade(g);
          setMissing(false);
        }}
        label={t('grades.orderLabel')}
        testId="rate-order-stars"
      />
      {missing && (
        <p role="alert" data-testid="rate-order-missing" className="mt-1 text-[13px] font-semibold text-red-600 dark:text-red-400">
          {t('grades.chooseStars')}
        </p>
      )}
      {lines.length > 0 && (
        <ul className="mt-3 divide-y divide-line border-t border-line">
          {lines.map((line) => (
            <li key={line.productId} data-testid="rate-order-product" className="flex flex-wrap items-center justify-between gap-x-3 py-2">
              <span className="min-w-0 flex-1 text-[15px] font-semibold">
                <bdi>{pickText(line.name, language)}</bdi>
              </span>
              <Stars
                value={byProduct[line.productId] ?? null}
                onChange={(g) => setByProduct((all) => ({ ...all, [line.productId]: g }))}
                label={t('grades.productLabel', { name: pickText(line.name, language) })}
                testId={`rate-product-${line.productId}`}
                size={20}
              />
            </li>
          ))}
        </ul>
      )}
      <label htmlFor="rate-order-comment" className="mt-3 mb-1.5 block text-sm font-semibold text-muted">
        {t('grades.commentLabel')}
      </label>
      <textarea
        id="rate-order-comment"
        data-testid="rate-order-comment"
        value={comment}
        maxLength={GRADE_COMMENT_MAX}
        rows={3}
        onChange={(e) => setComment(e.target.value)}
        placeholder={t('grades.commentPlaceholder')}
        className="w-full rounded-2xl border border-line bg-surface-2 px-4 py-3 text-[16px]"
      />
      <Button type="submit" wide busy={save.isPending} data-testid="rate-order-submit" className="mt-3">
        {t(given.grade === null ? 'grades.submit' : 'grades.save')}
      </Button>
    </form>
  );
}
