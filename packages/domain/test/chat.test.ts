import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT, chatPieces, chatWait, cleanChatText } from '../src/chat.ts';

describe('cleanChatText', () => {
  it('keeps the words, one empty line at most, no control, bidi or zero-width characters', () => {
    expect(cleanChatText('  Здравствуйте!\r\n\r\n\r\n\r\nГде мой заказ?  ')).toBe('Здравствуйте!\n\nГде мой заказ?');
    expect(cleanChatText('a\u202Egnp.exe\u200B b\u0000c\tz')).toBe('agnp.exe bc z');
    expect(cleanChatText('<b>salom</b>')).toBe('<b>salom</b>'); // kept as typed: shown as text, never as markup
    expect(cleanChatText(' \n\u200B\t ')).toBeNull();
    expect(cleanChatText('я'.repeat(CHAT.textMax))).toHaveLength(CHAT.textMax);
    expect(cleanChatText('я'.repeat(CHAT.textMax + 1))).toBeNull();
  });

  it('is idempotent and never leaves what it drops, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 300 }), (raw) => {
        const once = cleanChatText(raw);
        if (once === null) return;
        expect(cleanChatText(once)).toBe(once);
        // eslint-disable-next-line no-control-regex -- the test names the characters the rule drops
        expect(once).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u202A-\u202E\u2066-\u2069\r]|\n\n\n|^\s|\s$/);
      }),
    );
  });
});

describe('chatWait', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it('lets a customer send six in a minute, then says when the seventh may go', () => {
    expect(chatWait([], now)).toBeNull();
    const five = [50, 40, 30, 20, 10].map(ago);
    expect(chatWait(five, now)).toBeNull();
    expect(chatWait([...five, ago(5)], now)).toBe(10); // the one of 50 s ago leaves the minute in 10 s
    expect(chatWait([ago(70), ...five], now)).toBeNull();
  });

  it('caps a day', () => {
    const day = Array.from({ length: CHAT.perDay }, (_, i) => ago(3600 + i * 60));
    expect(chatWait(day, now)).toBeGreaterThan(0);
    expect(chatWait(day.slice(1), now)).toBeNull();
  });
});

describe('chatPieces', () => {
  it('marks web addresses apart and keeps the rest as text', () => {
    expect(chatPieces('see https://evil.example/x?a=1 now')).toEqual([
      { text: 'see ', link: false },
      { text: 'https://evil.example/x?a=1', link: true },
      { text: ' now', link: false },
    ]);
    expect(chatPieces('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)', link: false }]);
  });
});
