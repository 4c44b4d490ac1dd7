import { describe, expect, it } from 'vitest';
import { cardNumberProblem, expiryDigits, expiryProblem, formatCardInput, formatExpiryInput } from './card-input.ts';
import { cardsNext, parsePendingCard } from './pending-card.ts';

describe('the card form', () => {
  it('groups the number by four as it is typed and stops at sixteen digits', () => {
    expect(formatCardInput('8600')).toBe('8600');
    expect(formatCardInput('86001')).toBe('8600 1');
    expect(formatCardInput('8600-1234 5678abc90129999')).toBe('8600 1234 5678 9012');
  });

  it('writes the expiry as MM/YY and sends MMYY', () => {
    expect(formatExpiryInput('0')).toBe('0');
    expect(formatExpiryInput('032')).toBe('03/2');
    expect(formatExpiryInput('03/27')).toBe('03/27');
    expect(expiryDigits('03/27')).toBe('0327');
  });

  it("judges the number and the expiry by the domain's rules", () => {
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe('CHECK');
    expect(cardNumberProblem('4242 4242')).toBe('LENGTH');
    const now = new Date('2026-11-26T12:00:00Z');
    expect(expiryProblem('11/26', now)).toBeNull();
    expect(expiryProblem('10/26', now)).toBe('EXPIRED');
    expect(expiryProblem('13/27', now)).toBe('FORMAT');
  });

  it('keeps a pending card without its number, and returns only to our own pages', () => {
    expect(
      parsePendingCard(JSON.stringify({ cardId: 'c1', phone: '99890***4567', codeLength: 6, expiresAt: 1, next: '/profile/orders/1' })),
    ).toEqual({
      cardId: 'c1',
      phone: '99890***4567',
      codeLength: 6,
      expiresAt: 1,
      next: '/profile/orders/1',
    });
    expect(parsePendingCard('{"cardId":1}')).toBeNull();
    expect(cardsNext('https://evil.example')).toBe('/profile/cards');
  });
});
