import { describe, expect, it } from 'vitest';
import { sumText } from '../../shared/catalogue/price.ts';

// `useMoney` is the storefront's one money text with the basket's minus sign; these are the forms it shows.
const LRI = '\u2066';
const PDI = '\u2069';
const NBSP = '\u00a0';

describe('basket amounts', () => {
  it('keep their digits, grouping spaces and minus sign in one left-to-right run in Arabic', () => {
    expect(sumText(82000, 'سوم', { rtl: true })).toBe(`${LRI}82${NBSP}000${PDI}${NBSP}سوم`);
    expect(sumText(6300, 'سوم', { rtl: true, sign: '−' })).toBe(`${LRI}−6${NBSP}300${PDI}${NBSP}سوم`);
    expect(sumText(0, 'سوم', { rtl: true })).toBe(`${LRI}0${PDI}${NBSP}سوم`);
    expect(sumText(1234567.5, "so'm", { rtl: true })).toBe(`${LRI}1${NBSP}234${NBSP}567.5${PDI}${NBSP}so'm`);
  });

  it('never break across lines, and carry no marks in left-to-right languages', () => {
    expect(sumText(100000, 'сум', { rtl: false })).toBe(`100${NBSP}000${NBSP}сум`);
    expect(sumText(6300, "so'm", { rtl: false, sign: '−' })).toBe(`−6${NBSP}300${NBSP}so'm`);
  });
});
