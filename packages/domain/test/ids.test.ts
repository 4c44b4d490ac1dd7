import { describe, expect, it } from 'vitest';
import { isUuid, uuidParam } from '../src/ids.ts';

const ID = '0b7a3f52-1c9d-4e8f-a2b3-c4d5e6f7a8b9';

describe('ids', () => {
  it('isUuid takes a UUID in any case and nothing else', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    for (const bad of [
      '',
      'quote',
      `${ID}0`,
      ID.slice(1),
      ID.replace(/-/g, ''),
      `${ID}\n`,
      ` ${ID}`,
      ID.replace('a', 'g'),
      42,
      null,
      undefined,
    ]) {
      expect([bad, isUuid(bad)]).toEqual([bad, false]);
    }
  });

  it('uuidParam names the parameter and matches as isUuid does', () => {
    const param = uuidParam('id');
    const match = /^:id\((.+)\)$/.exec(param);
    expect(match).not.toBeNull();
    const pattern = new RegExp(match![1]!);
    for (const value of [ID, ID.toUpperCase(), 'quote', `${ID}0`, ID.slice(1), ID.replace('a', 'g')])
      expect([value, pattern.test(value)]).toEqual([value, isUuid(value)]);
    expect(uuidParam('orderId').startsWith(':orderId(^')).toBe(true);
  });
});
