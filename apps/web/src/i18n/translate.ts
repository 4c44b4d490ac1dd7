export type Messages = { [key: string]: string | Messages };
export type TranslateValues = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();
const PLURAL_LOCALE: Record<string, string> = { eng: 'en', kz: 'kk' };

function pluralCategory(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(PLURAL_LOCALE[lang] ?? lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text of `key` (dotted path) with `{{name}}` filled in. With a numeric `count`, the plural form
 * `key_one`, `key_few`, `key_many` or `key_other` of the language is preferred when present.
 * A missing key shows the key itself, which tests and reviewers notice.
 */
export function translate(messages: Messages | undefined, lang: string, key: string, values?: TranslateValues): string {
  let text: string | undefined;
  if (values && typeof values.count === 'number') {
    text = lookup(messages, `${key}_${pluralCategory(lang, values.count)}`) ?? lookup(messages, `${key}_other`);
  }
  text ??= lookup(messages, key);
  if (text === undefined) return key;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
