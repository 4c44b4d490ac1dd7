import { describe, expect, it } from 'vitest';
import { translate, type Messages } from './translate.ts';

const ru: Messages = {
  footer: { copyright: '© {{year}} {{brand}}' },
  basket: { items_one: '{{count}} товар', items_few: '{{count}} товара', items_many: '{{count}} товаров', items_other: '{{count}} товара' },
  plain: 'Привет',
};

describe('translate', () => {
  it('finds nested keys and fills values', () => {
    expect(translate(ru, 'ru', 'footer.copyright', { year: 2026, brand: 'Tezkor' })).toBe('© 2026 Tezkor');
    expect(translate(ru, 'ru', 'plain')).toBe('Привет');
  });
  it('chooses the plural form of the language', () => {
    expect(translate(ru, 'ru', 'basket.items', { count: 1 })).toBe('1 товар');
    expect(translate(ru, 'ru', 'basket.items', { count: 3 })).toBe('3 товара');
    expect(translate(ru, 'ru', 'basket.items', { count: 5 })).toBe('5 товаров');
    expect(translate({ n: { x_one: 'one', x_other: 'many' } }, 'eng', 'n.x', { count: 2 })).toBe('many');
  });
  it('shows the key when a text is missing, and leaves unknown placeholders alone', () => {
    expect(translate(ru, 'ru', 'nothing.here')).toBe('nothing.here');
    expect(translate(undefined, 'ru', 'plain')).toBe('plain');
    expect(translate(ru, 'ru', 'footer.copyright', { year: 1 })).toBe('© 1 {{brand}}');
  });
});
