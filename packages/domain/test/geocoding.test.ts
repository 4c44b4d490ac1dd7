import { describe, expect, it } from 'vitest';
import { distanceMeters, foldText, geocoderLanguages, parseStreetQuery, pointsAlong, streetMatchScore } from '../src/index.ts';

describe('foldText', () => {
  it('compares names in any case, with any apostrophe, in Latin or Cyrillic', () => {
    const folded = 'mirzo ulugbek kochasi';
    for (const typed of [
      "Mirzo Ulug'bek ko'chasi",
      'MIRZO ULUGʻBEK KOʻCHASI',
      'mirzo ulug’bek ko‘chasi',
      'Мирзо Улуғбек кўчаси',
      'mirzo-ulugbek, kochasi',
    ]) {
      expect(foldText(typed), typed).toBe(folded);
    }
    expect(foldText('проспект Бунёдкор')).toBe('prospekt bunyodkor');
    expect(foldText('Шайхантаур')).toBe('shayxantaur');
  });
});

describe('parseStreetQuery', () => {
  it('reads the last number as the house and leaves street words out', () => {
    expect(parseStreetQuery('Amir Temur 12')).toEqual({ words: ['amir', 'temur'], house: '12' });
    expect(parseStreetQuery("amir temur ko'chasi, 012a")).toEqual({ words: ['amir', 'temur'], house: '12a' });
    expect(parseStreetQuery('улица Руставели д. 5')).toEqual({ words: ['rustaveli'], house: '5' });
    expect(parseStreetQuery("ko'chasi")).toEqual({ words: ['kochasi'], house: null });
  });
});

describe('streetMatchScore', () => {
  const street = {
    names: [foldText('Shota Rustaveli ko‘chasi'), foldText('улица Шота Руставели')],
    place: foldText('Yakkasaroy Toshkent'),
  };
  const score = (q: string) => streetMatchScore(parseStreetQuery(q), street);

  it('matches whole words above their starts, and starts above parts', () => {
    expect(score('rustaveli')).toBeGreaterThan(score('rustav'));
    expect(score('rustav')).toBeGreaterThan(score('staveli'));
    expect(score('staveli')).toBeGreaterThan(0);
  });

  it('needs every word, and at least one on the name: the place only narrows', () => {
    expect(score('rustaveli yakkasaroy')).toBeGreaterThan(0);
    expect(score('rustaveli chilonzor')).toBe(0);
    expect(score('yakkasaroy')).toBe(0);
    expect(score('')).toBe(0);
    expect(score('ru')).toBeGreaterThan(0);
    expect(score('xy')).toBe(0);
  });
});

describe('pointsAlong', () => {
  it('puts a point at the start and one every given metres along the line', () => {
    const line: [number, number][] = [
      [41.3, 69.2],
      [41.31, 69.2],
      [41.31, 69.21],
    ];
    const points = pointsAlong(line, 40);
    const length = distanceMeters(line[0]!, line[1]!) + distanceMeters(line[1]!, line[2]!);
    expect(points).toHaveLength(Math.floor(length / 40) + 1);
    expect(points[0]).toEqual([41.3, 69.2]);
    for (let i = 1; i < points.length; i++) expect(distanceMeters(points[i - 1]!, points[i]!)).toBeLessThanOrEqual(40.2);
    expect(pointsAlong([], 40)).toEqual([]);
  });
});

describe('geocoderLanguages', () => {
  it('keeps the well-formed tags by preference, in lower case, without weights', () => {
    expect(geocoderLanguages('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru-ru,ru,en');
    expect(geocoderLanguages('en;q=0.5, uz')).toBe('uz,en');
    expect(geocoderLanguages('eng')).toBe('en');
    expect(geocoderLanguages('*, x;q=0, <script>')).toBe('uz,ru');
    expect(geocoderLanguages(undefined)).toBe('uz,ru');
    expect(geocoderLanguages('a1,b2,c3,de,fr,it,es,pt')).toBe('de,fr,it,es');
  });
});
