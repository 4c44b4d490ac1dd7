import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, parseHistory, rememberQuery } from './search-history.ts';

describe('search history', () => {
  it('puts the latest query first, once, whatever its case', () => {
    expect(rememberQuery(['лаваш', 'Plov'], '  plov ')).toEqual(['plov', 'лаваш']);
    expect(rememberQuery(['лаваш'], '   ')).toEqual(['лаваш']);
  });

  it('keeps at most the last ten', () => {
    const many = Array.from({ length: 12 }, (_, i) => `q${i}`);
    expect(rememberQuery(many, 'new')).toHaveLength(HISTORY_LIMIT);
  });

  it('reads only strings, and survives broken storage', () => {
    expect(parseHistory('["a", 3, "", "b"]')).toEqual(['a', 'b']);
    expect(parseHistory('{')).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
  });
});
