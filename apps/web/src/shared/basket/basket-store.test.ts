import { describe, expect, it, vi } from 'vitest';
import { MAX_LINE_COUNT } from '@dasturxon/domain';
import {
  addLine,
  basketCount,
  basketStorageKey,
  createBasketStore,
  lineKey,
  normalizeModifications,
  parseBasket,
  productCountIn,
  removeLine,
  serializeBasket,
  setLineCount,
} from './basket-store.ts';

const BURGER = '3f0737c4-8de7-54d8-90c8-567e73d99e4a';
const COLA = '9a1b2c3d-0000-4000-8000-000000000001';
const LARGE = '63f7915b-613a-516a-88d8-108558124dec';
const KETCHUP = 'be96d03d-a2e3-5dd7-b83b-3f82b836add5';
const CHEESE = '3a9e10cc-4ddf-5b98-98a6-b13f8624008b';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('lineKey', () => {
  it('is the product id alone without modifications', () => {
    expect(lineKey(BURGER)).toBe(BURGER);
    expect(lineKey(BURGER, [])).toBe(BURGER);
  });

  it('does not depend on the order the modifications were chosen in', () => {
    expect(
      lineKey(BURGER, [
        { id: LARGE, count: 1 },
        { id: KETCHUP, count: 1 },
      ]),
    ).toBe(
      lineKey(BURGER, [
        { id: KETCHUP, count: 1 },
        { id: LARGE, count: 1 },
      ]),
    );
  });

  it('tells different choices apart, counts included', () => {
    expect(lineKey(BURGER, [{ id: KETCHUP, count: 1 }])).not.toBe(lineKey(BURGER, [{ id: CHEESE, count: 1 }]));
    expect(lineKey(BURGER, [{ id: KETCHUP, count: 1 }])).not.toBe(lineKey(BURGER, [{ id: KETCHUP, count: 2 }]));
  });
});

describe('normalizeModifications', () => {
  it('merges duplicates, drops empty counts and sorts by id', () => {
    expect(
      normalizeModifications([
        { id: LARGE, count: 1 },
        { id: KETCHUP, count: 0 },
        { id: CHEESE, count: 1 },
        { id: CHEESE, count: 1 },
      ]),
    ).toEqual([
      { id: CHEESE, count: 2 },
      { id: LARGE, count: 1 },
    ]);
  });
});

describe('basket lines', () => {
  it('adds to the same line for the same choice, and a new line for another', () => {
    let lines = addLine([], { productId: BURGER, modifications: [{ id: LARGE, count: 1 }] });
    lines = addLine(lines, { productId: BURGER, count: 2, modifications: [{ id: LARGE, count: 1 }] });
    lines = addLine(lines, {
      productId: BURGER,
      modifications: [
        { id: LARGE, count: 1 },
        { id: KETCHUP, count: 1 },
      ],
    });
    lines = addLine(lines, { productId: COLA });
    expect(lines.map((l) => [l.productId, l.count, l.modifications.length])).toEqual([
      [BURGER, 3, 1],
      [BURGER, 1, 2],
      [COLA, 1, 0],
    ]);
    expect(basketCount(lines)).toBe(5);
    expect(productCountIn(lines, BURGER)).toBe(4);
  });

  it('ignores additions of nothing', () => {
    expect(addLine([], { productId: BURGER, count: 0 })).toEqual([]);
    expect(addLine([], { productId: '', count: 1 })).toEqual([]);
  });

  it('sets a count, removes at 0, and caps an absurd one', () => {
    const lines = addLine(addLine([], { productId: BURGER }), { productId: COLA });
    expect(setLineCount(lines, COLA, 4).find((l) => l.key === COLA)?.count).toBe(4);
    expect(setLineCount(lines, COLA, 0).map((l) => l.key)).toEqual([BURGER]);
    expect(setLineCount(lines, COLA, -3).map((l) => l.key)).toEqual([BURGER]);
    expect(setLineCount(lines, COLA, 10 ** 9).find((l) => l.key === COLA)?.count).toBe(MAX_LINE_COUNT);
    expect(removeLine(lines, BURGER).map((l) => l.key)).toEqual([COLA]);
  });
});

describe('stored basket', () => {
  it('survives a round trip', () => {
    const lines = addLine(addLine([], { productId: BURGER, count: 2, modifications: [{ id: LARGE, count: 1 }] }), { productId: COLA });
    expect(parseBasket(serializeBasket(lines))).toEqual(lines);
  });

  it('drops what is broken instead of failing', () => {
    expect(parseBasket(null)).toEqual([]);
    expect(parseBasket('{nope')).toEqual([]);
    expect(parseBasket('"text"')).toEqual([]);
    expect(
      parseBasket(JSON.stringify({ lines: [null, { productId: 5 }, { productId: COLA, count: 'x' }, { productId: BURGER, count: 2 }] })),
    ).toEqual([{ key: BURGER, productId: BURGER, count: 2, modifications: [] }]);
  });
});

describe('createBasketStore', () => {
  it('keeps the basket per merchant under dx:{merchantId}:basket and reads it back after a reload', () => {
    const storage = memoryStorage();
    const a = createBasketStore('merchant-a', storage);
    a.add({ productId: BURGER, modifications: [{ id: KETCHUP, count: 1 }] });
    a.add({ productId: COLA, count: 2 });
    expect(storage.data.has(basketStorageKey('merchant-a'))).toBe(true);
    expect(basketStorageKey('merchant-a')).toBe('dx:merchant-a:basket');

    const again = createBasketStore('merchant-a', storage);
    expect(basketCount(again.getLines())).toBe(3);
    expect(createBasketStore('merchant-b', storage).getLines()).toEqual([]);
  });

  it('tells subscribers of each change with a new snapshot, and clears', () => {
    const storage = memoryStorage();
    const store = createBasketStore('m', storage);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    const before = store.getLines();
    const line = store.add({ productId: BURGER });
    expect(line).toMatchObject({ key: BURGER, count: 1 });
    expect(store.getLines()).not.toBe(before);
    store.setCount(BURGER, 3);
    expect(store.getLines()[0]?.count).toBe(3);
    store.clear();
    expect(store.getLines()).toEqual([]);
    expect(storage.data.has(basketStorageKey('m'))).toBe(false);
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    store.add({ productId: COLA });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('works in memory when storage refuses', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    const store = createBasketStore('m', broken);
    store.add({ productId: COLA });
    expect(basketCount(store.getLines())).toBe(1);
  });

  it('picks up a change made by another tab', () => {
    const storage = memoryStorage();
    const mine = createBasketStore('m', storage);
    createBasketStore('m', storage).add({ productId: COLA, count: 2 });
    expect(mine.getLines()).toEqual([]);
    mine.reload();
    expect(basketCount(mine.getLines())).toBe(2);
  });
});
