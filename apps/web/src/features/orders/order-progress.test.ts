import { describe, expect, it } from 'vitest';
import { progressSteps } from './order-progress.ts';

const states = (steps: ReturnType<typeof progressSteps>) => steps?.map((s) => `${s.label}:${s.state}`);

describe('progressSteps', () => {
  it('walks a delivery from received to delivered, the step it is at current', () => {
    expect(states(progressSteps('DELIVERY', 'OPEN'))).toEqual([
      'open:current',
      'accepted:ahead',
      'cooking:ahead',
      'onWay:ahead',
      'delivered:ahead',
    ]);
    expect(states(progressSteps('DELIVERY', 'COOKING'))).toEqual([
      'open:done',
      'accepted:done',
      'cooking:current',
      'onWay:ahead',
      'delivered:ahead',
    ]);
    // Ready and waiting for its courier: still at the restaurant.
    expect(states(progressSteps('DELIVERY', 'ATTACHED'))![2]).toBe('cooking:current');
    expect(states(progressSteps('DELIVERY', 'ON_WAY'))![3]).toBe('onWay:current');
    expect(progressSteps('DELIVERY', 'DELIVERED')!.every((s) => s.state === 'done')).toBe(true);
  });

  it('ends a pickup with ready and collected, and shows no steps for a cancelled order', () => {
    expect(progressSteps('PICK_UP', 'DONE')!.map((s) => s.label)).toEqual(['open', 'accepted', 'cooking', 'done', 'closed']);
    expect(states(progressSteps('PICK_UP', 'DONE'))![3]).toBe('done:current');
    expect(progressSteps('PICK_UP', 'CANCELED')).toBeNull();
  });
});
