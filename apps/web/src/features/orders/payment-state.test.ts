import { describe, expect, it } from 'vitest';
import type { Order } from '@dasturxon/domain';
import { paymentStateOf } from './payment-state.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const order = (change: Partial<Pick<Order, 'status' | 'paymentType' | 'isPaid' | 'payUntil' | 'refund'>> = {}) => ({
  status: 'CREATED' as Order['status'],
  paymentType: 'PAYME' as Order['paymentType'],
  isPaid: false,
  payUntil: '2026-11-28T12:20:00Z',
  refund: null,
  ...change,
});

describe('the order page payment banner', () => {
  it('waits for an unpaid online order until its time to pay, then says the time is over', () => {
    expect(paymentStateOf(order(), NOW)).toBe('waiting');
    expect(paymentStateOf(order({ payUntil: null }), NOW)).toBe('waiting');
    expect(paymentStateOf(order(), Date.parse('2026-11-28T12:20:00Z'))).toBe('expired');
  });

  it('says the payment is received once paid, until the branch accepts the order; never for cash', () => {
    expect(paymentStateOf(order({ status: 'OPEN', isPaid: true, payUntil: null }), NOW)).toBe('received');
    expect(paymentStateOf(order({ status: 'AT_TIME', isPaid: true, payUntil: null }), NOW)).toBe('received');
    expect(paymentStateOf(order({ status: 'ACCEPTED', isPaid: true, payUntil: null }), NOW)).toBeNull();
    expect(paymentStateOf(order({ status: 'OPEN', paymentType: 'CASH', payUntil: null }), NOW)).toBeNull();
    expect(paymentStateOf(order({ status: 'CREATED', paymentType: 'CASH', payUntil: null }), NOW)).toBeNull();
  });

  it('reads a cancelled paid order by its refund', () => {
    const refund = (state: 'STARTED' | 'DONE' | 'FAILED') => ({ state, startedAt: '2026-11-28T12:05:00Z' });
    expect(paymentStateOf(order({ status: 'CANCELED', isPaid: true, refund: refund('STARTED') }), NOW)).toBe('refundStarted');
    expect(paymentStateOf(order({ status: 'CANCELED', isPaid: false, refund: refund('DONE') }), NOW)).toBe('refunded');
    expect(paymentStateOf(order({ status: 'CANCELED', isPaid: true, refund: refund('FAILED') }), NOW)).toBe('refundFailed');
    expect(paymentStateOf(order({ status: 'CANCELED', payUntil: null }), NOW)).toBeNull();
  });
});
