import { describe, expect, it } from 'vitest';
import { accountDeletion, asksName, pendingCashback } from '../src/account.ts';

describe("the profile's rules (issue 29)", () => {
  it('asks the name only of a nameless account whose step was never answered or skipped', () => {
    expect(asksName({ firstName: '', lastName: '', nameAskedAt: null })).toBe(true);
    expect(asksName({ firstName: '  ', lastName: '', nameAskedAt: null })).toBe(true);
    expect(asksName({ firstName: '', lastName: '', nameAskedAt: new Date() })).toBe(false);
    expect(asksName({ firstName: 'Aziz', lastName: '', nameAskedAt: null })).toBe(false);
    expect(asksName({ firstName: '', lastName: 'Karimov', nameAskedAt: null })).toBe(false);
  });

  it("after a Telegram login, asks while the name is still exactly the Telegram profile's, once", () => {
    const telegram = { firstName: 'Aziz', lastName: 'K' };
    expect(asksName({ firstName: 'Aziz', lastName: 'K', nameAskedAt: null }, telegram)).toBe(true);
    expect(asksName({ firstName: 'Aziz', lastName: '', nameAskedAt: null }, { firstName: 'Aziz' })).toBe(true);
    expect(asksName({ firstName: '', lastName: '', nameAskedAt: null }, telegram)).toBe(true);
    // Answered or skipped: never again.
    expect(asksName({ firstName: 'Aziz', lastName: 'K', nameAskedAt: new Date() }, telegram)).toBe(false);
    // A name of the customer's own (given on the web, or changed since) is not asked for.
    expect(asksName({ firstName: 'Azizbek', lastName: 'Karimov', nameAskedAt: null }, telegram)).toBe(false);
    expect(asksName({ firstName: 'Aziz', lastName: 'K', nameAskedAt: null })).toBe(false);
  });

  it('counts the active orders and refuses deletion while a courier has one', () => {
    expect(accountDeletion([])).toEqual({ activeOrders: 0, refused: false });
    expect(accountDeletion(['OPEN', 'COOKING', 'DELIVERED', 'CANCELED'])).toEqual({ activeOrders: 2, refused: false });
    expect(accountDeletion(['DONE', 'ATTACHED'])).toEqual({ activeOrders: 2, refused: true });
    expect(accountDeletion(['ON_WAY'])).toEqual({ activeOrders: 1, refused: true });
  });

  it('adds up the cashback of active orders only', () => {
    expect(
      pendingCashback([
        { status: 'OPEN', cashbackEarned: 1500 },
        { status: 'ON_WAY', cashbackEarned: 700 },
        { status: 'DELIVERED', cashbackEarned: 900 },
        { status: 'CANCELED', cashbackEarned: 400 },
      ]),
    ).toBe(2200);
  });
});
