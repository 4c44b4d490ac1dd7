import { isDeliveryService, type OrderStatus, type ServiceType, type StatusLabel } from '@dasturxon/domain';

export type ProgressState = 'done' | 'current' | 'ahead';
export interface ProgressStep {
  /** The status label the step is named by (`orders.status.{label}`): the stepper, the badge and the history say the same words. */
  label: StatusLabel;
  state: ProgressState;
}

const DELIVERY_STEPS: readonly StatusLabel[] = ['open', 'accepted', 'cooking', 'onWay', 'delivered'];
const PICKUP_STEPS: readonly StatusLabel[] = ['open', 'accepted', 'cooking', 'done', 'closed'];

/** Which step an order is at; the steps past the last are all done (a finished order). */
function stepIndex(status: OrderStatus, delivered: boolean): number {
  switch (status) {
    case 'CREATED':
    case 'AT_TIME':
    case 'OPEN':
      return 0;
    case 'ACCEPTED':
      return 1;
    case 'COOKING':
      return 2;
    // Ready: a delivery waits for its courier (still at the restaurant), a pickup waits for the customer.
    case 'DONE':
    case 'ATTACHED':
      return delivered ? 2 : 3;
    case 'ON_WAY':
      return 3;
    default:
      return 5;
  }
}

/**
 * The order's steps ahead as the customer reads them (issue 29): received, accepted, cooking, on the way, delivered
 * (for a pickup: ready, then collected). Null for a cancelled order: nothing is ahead.
 */
export function progressSteps(serviceType: ServiceType, status: OrderStatus): ProgressStep[] | null {
  if (status === 'CANCELED') return null;
  const delivered = isDeliveryService(serviceType);
  const at = stepIndex(status, delivered);
  return (delivered ? DELIVERY_STEPS : PICKUP_STEPS).map((label, i) => ({
    label,
    state: i < at || at === 5 ? 'done' : i === at ? 'current' : 'ahead',
  }));
}
