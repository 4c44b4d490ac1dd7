import type { Order } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { ArrivalEstimateLine } from '../../shared/order/arrival-estimate.tsx';
import { progressSteps } from './order-progress.ts';

const DOT = { done: 'bg-brand border-brand', current: 'bg-surface border-brand', ahead: 'bg-surface border-line' } as const;

/**
 * The order's progress on its page: the steps ahead and, above them, when it should come (the server's estimate, read
 * again with the order at each live event: the kitchen's cooking time, the courier's position).
 */
export function OrderProgress({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { data: branches } = useBranches();
  const steps = progressSteps(order.serviceType, order.status);
  if (!steps) return null;
  const timeZone = branches?.find((b) => b.id === order.branch.id)?.timeZone;
  return (
    <section data-testid="order-progress" className="mt-4 rounded-3xl border border-line bg-surface p-4">
      <h2 className="mb-3 text-[17px] font-extrabold tracking-tight">{t('orders.progress.title')}</h2>
      {order.eta && <ArrivalEstimateLine eta={order.eta} timeZone={timeZone} testId="order-eta" />}
      <ol className="mt-3 flex flex-col gap-3 ps-1">
        {steps.map((step, i) => (
          <li key={step.label} data-testid="order-progress-step" data-state={step.state} className="flex items-center gap-3">
            <span aria-hidden="true" className="relative flex size-5 shrink-0 items-center justify-center">
              <span className={`size-4 rounded-full border-[3px] ${DOT[step.state]}`} />
              {i < steps.length - 1 && <span className={`absolute top-5 h-3 w-0.5 ${step.state === 'done' ? 'bg-brand' : 'bg-line'}`} />}
            </span>
            <span
              aria-current={step.state === 'current' ? 'step' : undefined}
              className={`text-[15px] ${step.state === 'current' ? 'font-bold' : step.state === 'done' ? 'font-semibold' : 'text-muted'}`}
            >
              {t(`orders.status.${step.label}`)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
