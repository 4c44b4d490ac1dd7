import { describe, expect, it } from 'vitest';
import { dispatchStreamMessage, type StreamListener } from './event-dispatch.ts';

const ORDER = {
  id: '12',
  type: 'order',
  orderId: 'o-1',
  number: 7,
  branchId: 'b-1',
  status: 'DELIVERED',
  courierStatus: '',
  position: null,
  at: '2026-11-28T00:00:00.000Z',
};

function screen() {
  const seen: string[] = [];
  const listener: StreamListener = {
    event: (e) => seen.push(`${e.type} ${e.status}`),
    reopened: () => seen.push('reopened'),
    reset: () => seen.push('reload'),
  };
  return { seen, listener };
}

describe("the console's stream follower", () => {
  it('reloads every screen on a reset (the server could not replay what was missed), and hands order events on', () => {
    const [board, courier] = [screen(), screen()];
    const listeners = [board.listener, courier.listener];
    dispatchStreamMessage({ id: '1108', event: 'reset', data: '{"lastEventId":"1108"}' }, listeners);
    dispatchStreamMessage({ id: '1109', event: 'order', data: JSON.stringify(ORDER) }, listeners);
    expect(board.seen).toEqual(['reload', 'order DELIVERED']);
    expect(courier.seen).toEqual(['reload', 'order DELIVERED']);
  });

  it('hands nothing on for the end of a session, an unknown event or a broken one', () => {
    const board = screen();
    dispatchStreamMessage({ id: null, event: 'end', data: '{"reason":"SESSION_ENDED"}' }, [board.listener]);
    dispatchStreamMessage({ id: '3', event: 'hello', data: '{}' }, [board.listener]);
    dispatchStreamMessage({ id: '4', event: 'order', data: '{"broken' }, [board.listener]);
    expect(board.seen).toEqual([]);
  });
});
