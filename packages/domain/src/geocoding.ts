import { distanceMeters, roundCoordinate, type LatLng } from './geo.ts';
import { CYRILLIC_LATIN } from './transliterate.ts';

/*
 * Street search and houses along a street (issue 12, the address pickers): the rules of the built-in
 * gazetteer the server answers from when no geocoder is reachable. Names are matched the way people type
 * them: in any case, with or without the apostrophes of o', g' and ', in Latin or in Cyrillic (Uzbek or
 * Russian), with "ko'chasi", "ulitsa" and the like left out.
 */

/** The most places a search answers. */
export const GEOCODE_SEARCH_LIMIT = 10;
/** The longest search text taken. */
export const GEOCODE_QUERY_MAX_LENGTH = 200;

/** The marks written for o', g' and the tutuq belgisi: ' ` ʻ ʼ ‘ ’ ´ ′ ʹ. */
const APOSTROPHES = /['`\u02bb\u02bc\u2018\u2019\u00b4\u2032\u02b9]/g;

/**
 * A text as it is compared: lower case, Cyrillic spelt in Latin, accents and apostrophes dropped, anything
 * but letters and digits a single space. "Mirzo Ulug‘bek" and "мирзо улугбек" both give "mirzo ulugbek".
 */
export function foldText(text: string): string {
  let latin = '';
  for (const ch of text.toLowerCase()) latin += CYRILLIC_LATIN[ch] ?? ch;
  return latin
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(APOSTROPHES, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words that say "street" (Uzbek, Russian, English), folded: not required to match a street's name. */
const STREET_WORDS = new Set([
  'kocha',
  'kochasi',
  'koch',
  'kuchasi',
  'shoh',
  'shohkochasi',
  'yoli',
  'yol',
  'tor',
  'berk',
  'xiyoboni',
  'mavzesi',
  'tumani',
  'shahri',
  'ulitsa',
  'ul',
  'prospekt',
  'pr',
  'prosp',
  'pereulok',
  'per',
  'proezd',
  'bulvar',
  'shosse',
  'street',
  'st',
  'avenue',
  'ave',
  'road',
  'rd',
  'dom',
  'd',
  'uy',
]);

/** A house number as typed after the street: 12, 12a. */
const HOUSE = /^\d{1,5}[a-z]?$/;

export interface StreetQuery {
  /** The folded words that must each match (street words left out unless nothing else was typed). */
  words: string[];
  /** The last number typed (12, 12a), read as the house number, without leading zeros. */
  house: string | null;
}

/** Reads a typed search: its words and the house number, if one was typed ("amir temur 12"). */
export function parseStreetQuery(query: string): StreetQuery {
  const all = foldText(query).split(' ').filter(Boolean);
  const houseAt = all.findLastIndex((w) => HOUSE.test(w));
  const house = houseAt >= 0 ? all[houseAt]!.replace(/^0+(?=\d)/, '') : null;
  const rest = all.filter((_, i) => i !== houseAt);
  // Street words and lone letters ("d. 12", "12-a") say nothing about which street.
  const named = rest.filter((w) => !STREET_WORDS.has(w) && w.length > 1);
  return { words: named.length > 0 ? named : rest, house };
}

/** What a street is matched against, folded: its names (any language), and where it is. */
export interface StreetHaystack {
  /** The street's names, each folded. */
  names: readonly string[];
  /** District and city, folded: words may narrow the search ("navoiy samarqand") but never match alone. */
  place: string;
}

/** How well one folded word matches a folded text: 3 a whole word, 2 the start of a word, 1 inside a word (3+ letters), 0 not at all. */
function wordScore(word: string, text: string): number {
  let best = 0;
  for (const w of text.split(' ')) {
    if (w === word) return 3;
    if (w.startsWith(word)) best = Math.max(best, 2);
    else if (word.length >= 3 && w.includes(word)) best = Math.max(best, 1);
  }
  return best;
}

/**
 * How well a street answers a query: 0 when some word matches neither its names nor its place, or none
 * matches its names; otherwise higher for whole words and starts of words. A query with no words matches nothing.
 */
export function streetMatchScore(query: StreetQuery, street: StreetHaystack): number {
  if (query.words.length === 0) return 0;
  let total = 0;
  let onName = false;
  for (const word of query.words) {
    const byName = Math.max(0, ...street.names.map((n) => wordScore(word, n)));
    const byPlace = wordScore(word, street.place);
    if (byName === 0 && byPlace === 0) return 0;
    if (byName > 0) onName = true;
    total += Math.max(byName, byPlace);
  }
  return onName ? total : 0;
}

/**
 * Points every `everyMeters` along a line of [latitude, longitude] points, the first at its start, rounded
 * to 6 decimals: where the houses of a street stand when only its line is known.
 */
export function pointsAlong(line: readonly LatLng[], everyMeters: number): LatLng[] {
  if (line.length === 0 || !(everyMeters > 0)) return [];
  const out: LatLng[] = [[roundCoordinate(line[0]![0]), roundCoordinate(line[0]![1])]];
  let next = everyMeters;
  let walked = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const length = distanceMeters(a, b);
    while (length > 0 && next <= walked + length) {
      const f = (next - walked) / length;
      out.push([roundCoordinate(a[0] + (b[0] - a[0]) * f), roundCoordinate(a[1] + (b[1] - a[1]) * f)]);
      next += everyMeters;
    }
    walked += length;
  }
  return out;
}

/** The storefront's own language codes that are not the standard's. */
const LANGUAGE_TAGS: Readonly<Record<string, string>> = { eng: 'en', kz: 'kk' };
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;
/** The languages asked for when the caller names none: Uzbek, then Russian. */
export const DEFAULT_GEOCODER_LANGUAGES = 'uz,ru';

/**
 * The languages to ask a geocoder for, from an Accept-Language header (or Nominatim's `accept-language`
 * parameter): the well-formed tags, most preferred first, at most four, lower case, without weights. Nothing
 * more of the caller goes out, and the cache sees few variants. None usable: DEFAULT_GEOCODER_LANGUAGES.
 */
export function geocoderLanguages(header: string | null | undefined): string {
  const tags = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: LANGUAGE_TAGS[tag.trim()] ?? tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => LANGUAGE_TAG.test(t.tag) && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
  const unique = [...new Set(tags)].slice(0, 4);
  return unique.length > 0 ? unique.join(',') : DEFAULT_GEOCODER_LANGUAGES;
}
