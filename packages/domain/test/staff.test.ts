import { describe, expect, it } from 'vitest';
import { awaitsCourier, boardColumnOf, boardRank, courierStatusAfter, ORDER_STATUSES, orderRoleOf } from '../src/index.ts';

describe('staff rules', () => {
  it('a courier may take a ready delivery nobody has taken, and nothing else', () => {
    expect(awaitsCourier({ status: 'DONE', serviceType: 'DELIVERY', courierId: null })).toBe(true);
    expect(awaitsCourier({ status: 'DONE', serviceType: 'DELIVERY', courierId: 'someone' })).toBe(false);
    expect(awaitsCourier({ status: 'DONE', serviceType: 'PICK_UP', courierId: null })).toBe(false);
    expect(awaitsCourier({ status: 'COOKING', serviceType: 'DELIVERY', courierId: null })).toBe(false);
  });

  it('an admin moves orders as an operator; the board puts each status in one column or none', () => {
    expect(orderRoleOf('admin')).toBe('operator');
    expect(orderRoleOf('courier')).toBe('courier');
    expect([boardColumnOf('OPEN'), boardColumnOf('ON_WAY'), boardColumnOf('CANCELED'), boardColumnOf('CREATED')]).toEqual([
      'new',
      'onTheWay',
      'done',
      null,
    ]);
    expect([courierStatusAfter('ATTACHED'), courierStatusAfter('DONE'), courierStatusAfter('COOKING')]).toEqual([
      'PERFORMER_FOUND',
      '',
      null,
    ]);
  });

  it("the board needs orders waiting for acceptance first, then those in the branch's hands, then the rest", () => {
    expect(ORDER_STATUSES.filter((s) => boardRank(s) === 0)).toEqual(['OPEN']);
    expect(ORDER_STATUSES.filter((s) => boardRank(s) === 1).sort()).toEqual(['ACCEPTED', 'ATTACHED', 'COOKING', 'DONE', 'ON_WAY']);
    expect(ORDER_STATUSES.filter((s) => boardRank(s) === 2).sort()).toEqual(['AT_TIME', 'CANCELED', 'CLOSED', 'CREATED', 'DELIVERED']);
  });
});
