/*
 * Menu search that forgives how a name is spelled: customers in Uzbekistan type Russian names in
 * Latin letters, Uzbek names in Cyrillic, with or without the apostrophes of o‘ and g‘, and x, h or
 * kh for the same sound. Both the name and the query are folded into one rough Latin key, and every
 * word of the query must appear in the name's key.
 */

import { CYRILLIC_LATIN } from '@dasturxon/domain';

/**
 * Cyrillic spelled as the domain's one table does (CYRILLIC_LATIN), but х and қ as h and k: the sound-alike folds
 * below merge x, kh and h, and q and k, anyway, and doing it per letter keeps "кх" one sound.
 */
const CYRILLIC: Readonly<Record<string, string>> = { ...CYRILLIC_LATIN, х: 'h', қ: 'k' };

const LATIN_EXTRA: Record<string, string> = { ş: 'sh', ç: 'ch', ğ: 'g', ı: 'i', ö: 'o', ü: 'u', ä: 'a', é: 'e', è: 'e', ñ: 'n', ß: 'ss' };

/** Sound-alike spellings folded to one, applied in order to the Latin text. */
const FOLDS: [RegExp, string][] = [
  [/zh/g, 'j'],
  [/kh|x/g, 'h'],
  [/q/g, 'k'],
  [/ck/g, 'k'],
  [/ph/g, 'f'],
  [/c(?!h)/g, 'k'],
  [/w/g, 'v'],
  [/ee|ea/g, 'i'],
  [/oo|ou/g, 'u'],
  [/ts|tz/g, 's'],
  [/z/g, 's'],
  [/([a-z])\1+/g, '$1'],
];

/** Letters that only carry the apostrophe of o‘ and g‘, or join words. */
const SKIP = /[\s'’‘ʻʼ`´"«»\-–—_.,;:!?()/\\&+*#№]/g;

/** The folded Latin key of a text: lower case, Cyrillic spelled in Latin, sound-alikes merged, spaces and punctuation gone. */
export function searchKey(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase().normalize('NFC')) {
    out += CYRILLIC[ch] ?? LATIN_EXTRA[ch] ?? ch;
  }
  // Accents a keyboard adds (é, ō) go; the letters stay.
  out = out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(SKIP, '');
  for (const [pattern, replacement] of FOLDS) out = out.replace(pattern, replacement);
  return out;
}

/** The query's words, each folded; empty when there is nothing to search for. */
export function queryKeys(query: string): string[] {
  return query
    .split(/\s+/)
    .map(searchKey)
    .filter((k) => k.length > 0);
}

/**
 * How well names match a query: 0 for no match; otherwise higher is better (a name that starts
 * with the query before one that only contains it). Every query word must be found in one of the names.
 */
export function matchScore(names: readonly string[], keys: readonly string[]): number {
  if (keys.length === 0) return 0;
  const folded = names.filter(Boolean).map(searchKey);
  let score = 0;
  for (const key of keys) {
    let best = 0;
    for (const name of folded) {
      const at = name.indexOf(key);
      if (at === 0) best = Math.max(best, 3);
      else if (at > 0) best = Math.max(best, 1);
    }
    if (best === 0) return 0;
    score += best;
  }
  return score;
}

/** The items whose names match the query, best first, keeping the menu's order among equals. */
export function searchItems<T>(items: readonly T[], query: string, namesOf: (item: T) => readonly string[]): T[] {
  const keys = queryKeys(query);
  if (keys.length === 0) return [];
  return items
    .map((item, index) => ({ item, index, score: matchScore(namesOf(item), keys) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((r) => r.item);
}
