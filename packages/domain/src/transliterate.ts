/*
 * Cyrillic in Latin letters: the one table the street search (geocoding.ts) and the storefront's menu search
 * (apps/web search-match.ts) spell Cyrillic with.
 */

/**
 * Lower-case Uzbek, Russian and Kazakh Cyrillic in Uzbek Latin spelling (х is x and қ is q, as Uzbek writes them;
 * ц ts, щ sh; the Kazakh letters by their nearest Latin vowel or consonant).
 */
export const CYRILLIC_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ғ: "g'",
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  қ: 'q',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  ў: "o'",
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ҳ: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ә: 'a',
  ө: 'o',
  ү: 'u',
  ұ: 'u',
  һ: 'h',
  ң: 'n',
};
