import type { Db } from '@dasturxon/db';
import { allowedPaymentTypes } from '@dasturxon/domain';
import type { OtpService } from '../../auth/index.ts';
import type { OrderSettingsRecord, OrdersRepository } from '../orders.repository.ts';
import type { Draft } from './draft.ts';
import { refuse, type Refusal } from './outcome.ts';

/** The brand's terms the order is placed under. */
export interface Terms {
  settings: OrderSettingsRecord;
  /** The brand confirms each order by a code sent to the customer's phone; `phone` is where it goes. */
  confirming: boolean;
  phone: string;
}

/**
 * Step 2, first in the transaction: the brand's settings; where it confirms each order by a code, the code sent with
 * the request is checked (a wrong one: `wrongCode`, and the transaction commits the counted try and nothing else);
 * the payment type must be one the brand takes on the order's channel (a table's: QR).
 */
export async function readTerms(
  tx: Db,
  repo: OrdersRepository,
  codes: Pick<OtpService, 'check'>,
  draft: Draft,
): Promise<Terms | Refusal | { wrongCode: { attemptsLeft: number | null } }> {
  const { merchant, customer, body } = draft;
  const settings = await repo.settings(merchant.id);
  // At a table the guest is in the room (and may have no phone): the table's orders are not confirmed by SMS.
  const confirming = settings.isSmsConfirmationRequiredPerOrder && !draft.table;
  let phone = '';
  if (confirming) {
    phone = (await repo.phoneOf(merchant.id, customer.id)) ?? '';
    if (draft.confirmationCode) {
      const check = await codes.check(tx, {
        merchantId: merchant.id,
        phone,
        purpose: 'ORDER',
        subject: draft.hash,
        code: draft.confirmationCode,
        clientIp: draft.clientIp,
      });
      if (!check.ok) return { wrongCode: check };
    }
  }
  const channel = draft.channel;
  const allowed = allowedPaymentTypes(settings, settings.methods, channel);
  if (!allowed.includes(body.paymentType)) return refuse('PAYMENT_TYPE_NOT_ALLOWED', { paymentType: body.paymentType, channel, allowed });
  return { settings, confirming, phone };
}
