import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, UI_LANGUAGES } from '@dasturxon/domain';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./locales/*.json', { eager: true, import: 'default' });
const locale = (lang: string): Tree => {
  const tree = files[`./locales/${lang}.json`];
  if (!tree) throw new Error(`missing locales/${lang}.json`);
  return tree;
};

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation files', () => {
  const reference = flatten(locale('ru'));

  it('exist for every interface language and nothing else', () => {
    expect(Object.keys(files).sort()).toEqual(UI_LANGUAGES.map((l) => `./locales/${l}.json`).sort());
  });

  for (const lang of UI_LANGUAGES) {
    it(`${lang} has every key of ru, no other, none empty, the same placeholders`, () => {
      const messages = flatten(locale(lang));
      expect([...messages.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, text] of messages) {
        expect(text.trim(), `${lang}:${key}`).not.toBe('');
        expect(placeholders(text), `${lang}:${key}`).toEqual(placeholders(reference.get(key) ?? ''));
      }
    });
  }

  it("says every error of the catalogue in its own words, in uz, ru and eng the server's", () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(reference.has(`errors.${code}`), `errors.${code}`).toBe(true);
      for (const lang of ['uz', 'ru', 'eng'] as const) expect(flatten(locale(lang)).get(`errors.${code}`), `${lang}:errors.${code}`).toBe(entry.description[lang]);
    }
  });

  it('carries the blocked-merchant texts the spec names', () => {
    expect(flatten(locale('uz')).get('blocked.title')).toBe("Tizim admin tomonidan o'chirilgan");
    expect(flatten(locale('eng')).get('blocked.title')).toBe('System deleted by admin');
    expect(flatten(locale('ru')).get('errors.generic')).toBe('Произошла ошибка, попробуйте позже');
  });

  it('has no key that the storefront never asks for', () => {
    // Every source file of the storefront as text (tests left out), to look for each key in.
    const sources = Object.entries(import.meta.glob<string>('../**/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' }))
      .filter(([path]) => !path.endsWith('.test.ts'))
      .map(([, text]) => text)
      .join('\n');
    // Keys asked for with a part filled in at run time: t(`menu.reason.${reason}`).
    const dynamic = [...sources.matchAll(/`([a-zA-Z][\w.]*\.)\$\{/g)].map((m) => m[1]!);
    const asked = (key: string) => {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      return sources.includes(`'${base}'`) || sources.includes(`"${base}"`) || dynamic.some((prefix) => base.startsWith(prefix));
    };
    expect([...reference.keys()].filter((key) => !asked(key))).toEqual([]);
  });
});
