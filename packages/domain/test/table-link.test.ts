import { describe, expect, it } from 'vitest';
import { base64url, constantTimeEqual, parseTableLink, signTableLink, tableBillTotals, verifyTableLink } from '../src/table-link.ts';

// A keyed stand-in for HMAC (packages/domain does no I/O, so no node:crypto here): FNV-1a mixing of key and
// text into 32 bytes. The rule only needs a function that changes with the key and with every byte of the text.
const hmacWith = (key: string) => (text: string) => {
  const out = new Uint8Array(32);
  let h = 0x811c9dc5;
  const input = `${key}\u0000${text}`;
  for (let round = 0; round < 32; round++) {
    for (let i = 0; i < input.length; i++) h = Math.imul(h ^ input.charCodeAt(i), 0x01000193) >>> 0;
    h = Math.imul(h ^ round, 0x01000193) >>> 0;
    out[round] = h & 255;
  }
  return out;
};
const hmac = hmacWith('server-secret');
const table = { brandId: 'brand_a', branchId: 'branch_1', tableId: 'tbl_01' };

describe('table links', () => {
  it("writes base64url without padding (as node's Buffer writes it)", () => {
    const expected: [number, string][] = [
      [0, ''],
      [1, 'Cw'],
      [2, 'CzA'],
      [3, 'CzBV'],
      [4, 'CzBVeg'],
      [5, 'CzBVep8'],
      [16, 'CzBVep_E6Q4zWH2ix-wRNg'],
      [17, 'CzBVep_E6Q4zWH2ix-wRNls'],
    ];
    for (const [length, text] of expected) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 37 + 11) & 255);
      expect(base64url(bytes)).toBe(text);
    }
  });

  it('signs and verifies the own table', () => {
    const token = signTableLink(table, hmac);
    expect(token).toMatch(/^tbl_01\.[A-Za-z0-9_-]{22}$/);
    expect(verifyTableLink(token, table, hmac)).toBe(true);
  });

  it('refuses a link moved to another branch, brand or table, or signed with another key', () => {
    const token = signTableLink(table, hmac);
    expect(verifyTableLink(token, { ...table, branchId: 'branch_2' }, hmac)).toBe(false);
    expect(verifyTableLink(token, { ...table, brandId: 'brand_b' }, hmac)).toBe(false);
    expect(verifyTableLink(token, { ...table, tableId: 'tbl_02' }, hmac)).toBe(false);
    expect(verifyTableLink(token, table, hmacWith('other-secret'))).toBe(false);
    const swapped = `tbl_02.${token.split('.')[1]}`;
    expect(verifyTableLink(swapped, { ...table, tableId: 'tbl_02' }, hmac)).toBe(false);
  });

  it('refuses a tampered or malformed token', () => {
    const token = signTableLink(table, hmac);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(verifyTableLink(token.slice(0, -1) + last, table, hmac)).toBe(false);
    for (const bad of ['', 'tbl_01', '.abc', 'tbl_01.', 'tbl 01.AAAAAAAAAAAAAAAAAAAAAA', `${token}x`]) {
      expect(parseTableLink(bad)).toBeNull();
      expect(verifyTableLink(bad, table, hmac)).toBe(false);
    }
  });

  it('compares in full', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ab')).toBe(false);
  });
});

describe('tableBillTotals', () => {
  it('sums the orders of a table session, leaving cancelled ones out', () => {
    expect(
      tableBillTotals([
        { total: 45000, paidAmount: 0, cancelled: false },
        { total: 32000, paidAmount: 32000, cancelled: false },
        { total: 99000, paidAmount: 0, cancelled: true },
      ]),
    ).toEqual({ orders: 2, total: 77000, paid: 32000, due: 45000 });
  });

  it('never lets an overpaid order lower another order due', () => {
    expect(
      tableBillTotals([
        { total: 10000, paidAmount: 15000, cancelled: false },
        { total: 20000, paidAmount: 0, cancelled: false },
      ]),
    ).toEqual({ orders: 2, total: 30000, paid: 10000, due: 20000 });
  });

  it('is zero for an empty table and refuses fractional sums', () => {
    expect(tableBillTotals([])).toEqual({ orders: 0, total: 0, paid: 0, due: 0 });
    expect(() => tableBillTotals([{ total: 10.5, paidAmount: 0, cancelled: false }])).toThrow(RangeError);
  });
});
