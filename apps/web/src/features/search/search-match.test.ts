import { describe, expect, it } from 'vitest';
import { matchScore, queryKeys, searchItems, searchKey } from './search-match.ts';

const names = (ru: string, uz: string, eng: string) => [ru, uz, eng];
const MENU = [
  { id: 'cheeseburger', names: names('Чизбургер', 'Chizburger', 'Cheeseburger') },
  { id: 'double', names: names('Двойной чизбургер', 'Ikki qavatli chizburger', 'Double Cheeseburger') },
  { id: 'plov', names: names('Ташкентский плов', 'Toshkent oshi', 'Tashkent plov') },
  { id: 'lavash', names: names('Острый лаваш', 'Achchiq lavash', 'Spicy Lavash') },
  { id: 'ayran', names: names('Айран', 'Ayron', 'Ayran') },
  { id: 'wings', names: names('Острые крылышки, 6 шт.', 'Achchiq qanotchalar, 6 dona', 'Hot Wings, 6 pcs') },
  { id: 'hotdog', names: names('Хот-дог', 'Xot-dog', 'Hot dog') },
  { id: 'orik', names: names('Компот из урюка', "O'rik kompoti", 'Apricot compote') },
  { id: 'gosht', names: names('Мясо', 'Go‘sht', 'Meat') },
];
const find = (query: string) => searchItems(MENU, query, (i) => i.names).map((i) => i.id);

describe('searchKey', () => {
  it('spells Cyrillic in Latin and ignores case', () => {
    expect(searchKey('ПЛОВ')).toBe(searchKey('plov'));
    expect(searchKey('Шаурма')).toBe(searchKey('shaurma'));
    expect(searchKey('Чай')).toBe(searchKey('chay'));
  });

  it('folds x, h and kh, q and k, and the apostrophes of o‘ and g‘', () => {
    expect(searchKey('Xonim')).toBe(searchKey('honim'));
    expect(searchKey('khonim')).toBe(searchKey('Хоним'));
    expect(searchKey('qovurma')).toBe(searchKey('kovurma'));
    expect(searchKey("o'rik")).toBe(searchKey('o‘rik'));
    expect(searchKey('oʻrik')).toBe(searchKey('ўрик'));
    expect(searchKey("g'alla")).toBe(searchKey('ғалла'));
  });

  it('drops spaces and punctuation', () => {
    expect(searchKey('Хот-дог')).toBe(searchKey('hot dog'));
  });
});

describe('searchItems', () => {
  it('finds a Latin name typed in Cyrillic and a Cyrillic one typed in Latin', () => {
    expect(find('плов')).toEqual(['plov']);
    expect(find('Plov')).toEqual(['plov']);
    expect(find('chizburger')).toEqual(['cheeseburger', 'double']);
    expect(find('чизб')).toEqual(['cheeseburger', 'double']);
  });

  it('forgives an English spelling of a Russian name', () => {
    expect(find('cheez')).toContain('cheeseburger');
  });

  it('finds by the Uzbek name, with or without apostrophes', () => {
    expect(find('Toshkent oshi')).toEqual(['plov']);
    expect(find('orik')).toEqual(['orik']);
    expect(find("go'sht")).toEqual(['gosht']);
    expect(find('xot-dog')).toEqual(['hotdog']);
    expect(find('xot')).toEqual(['wings', 'hotdog']);
  });

  it('needs every word, in any order, and puts names that start with the query first', () => {
    expect(find('лаваш острый')).toEqual(['lavash']);
    expect(find('бургер')).toEqual(['cheeseburger', 'double']);
    expect(find('двойной')).toEqual(['double']);
    expect(find('chiz')).toEqual(['cheeseburger', 'double']);
  });

  it('finds nothing for nothing', () => {
    expect(find('')).toEqual([]);
    expect(find('   ')).toEqual([]);
    expect(find('суши')).toEqual([]);
    expect(queryKeys(' - ')).toEqual([]);
    expect(matchScore(['Плов'], [])).toBe(0);
  });
});
