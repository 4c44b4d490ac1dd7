import { describe, expect, it } from 'vitest';
import { createReadBatcher } from '../src/read-batcher.ts';
import { arrayLiteral } from '../src/prepared-read.ts';

/** A fake database: each read answers `key@version` for its asks, with the version at the moment it is made. */
function fakeDatabase() {
  let version = 0;
  const reads: string[][] = [];
  let release: (() => void)[] = [];
  return {
    reads,
    bump: () => (version += 1),
    /** Lets every read under way answer. */
    answer: async () => {
      const now = release;
      release = [];
      now.forEach((r) => r());
      await new Promise((r) => setTimeout(r, 0));
    },
    readMany: (asks: readonly string[]) => {
      const at = version;
      reads.push([...asks]);
      return new Promise<string[]>((resolve, reject) => {
        release.push(() => (asks.includes('bad') ? reject(new Error('bad ask')) : resolve(asks.map((k) => `${k}@${at}`))));
      });
    },
  };
}

describe('the read batcher', () => {
  it('reads an ask alone at once when nothing is under way', async () => {
    const db = fakeDatabase();
    const read = createReadBatcher(db.readMany, { maxInFlight: 1, maxBatch: 8 });
    const a = read('a');
    expect(db.reads).toEqual([['a']]);
    await db.answer();
    expect(await a).toBe('a@0');
  });

  it('reads the asks made while a read is under way together, after they were made, each answered its own', async () => {
    const db = fakeDatabase();
    const read = createReadBatcher(db.readMany, { maxInFlight: 1, maxBatch: 8 });
    const a = read('a');
    db.bump();
    const rest = ['b', 'c', 'd'].map(read);
    expect(db.reads).toEqual([['a']]);
    await db.answer();
    expect(db.reads).toEqual([['a'], ['b', 'c', 'd']]);
    await db.answer();
    expect(await a).toBe('a@0');
    // Asked after the change: read after it, never given the earlier read's answer.
    expect(await Promise.all(rest)).toEqual(['b@1', 'c@1', 'd@1']);
  });

  it('keeps at most maxInFlight reads under way and maxBatch asks in one', async () => {
    const db = fakeDatabase();
    const read = createReadBatcher(db.readMany, { maxInFlight: 2, maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(read);
    expect(db.reads).toEqual([['a'], ['b']]);
    for (let i = 0; i < 4; i++) await db.answer();
    expect(db.reads).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f'], ['g']]);
    expect(await Promise.all(all)).toEqual(['a@0', 'b@0', 'c@0', 'd@0', 'e@0', 'f@0', 'g@0']);
  });

  it("reads each ask of a failed read alone, so one ask's failure is never another's", async () => {
    const db = fakeDatabase();
    const read = createReadBatcher(db.readMany, { maxInFlight: 1, maxBatch: 8 });
    const first = read('a');
    const [b, bad, c] = ['b', 'bad', 'c'].map(read);
    const failed = bad!.catch((error: Error) => error.message);
    for (let i = 0; i < 3; i++) await db.answer();
    expect(await first).toBe('a@0');
    expect(await b).toBe('b@0');
    expect(await c).toBe('c@0');
    expect(await failed).toBe('bad ask');
    expect(db.reads).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });
});

describe('array parameters of a prepared read', () => {
  it('quotes every element and escapes quotes and backslashes, so commas and braces stay inside', () => {
    expect(arrayLiteral(['a', 'b,c', '{d}', 'e"f', 'g\\h', null, 'NULL'])).toBe('{"a","b,c","{d}","e\\"f","g\\\\h",NULL,"NULL"}');
    expect(arrayLiteral([])).toBe('{}');
  });
});
