import { describe, expect, it } from 'vitest';
import { idsIn, placeholdersOf, readCatalogue } from '../tools/catalogue.ts';

describe('idsIn', () => {
  const known = new Set(['auth.validation.required', 'orders.status.new', 'orders.status.done', 'menu.title', 'errors.generic']);
  const ids = (code: string) => idsIn(code, 'x.tsx', known).map((f) => f.id);

  it('takes a string given to t as an id, a new one too, through conditions', () => {
    expect(ids("t('menu.title'); tr.t('brand.new'); t(ok ? 'a.b' : 'c.d')")).toEqual(['menu.title', 'brand.new', 'a.b', 'c.d']);
  });

  it('takes any other string only when the catalogue has it, and never an import', () => {
    expect(ids("import x from 'menu.title'; const KEY = 'auth.validation.required'; const f = 'version.json';")).toEqual([
      'auth.validation.required',
    ]);
  });

  it('takes every id under the fixed start of a template', () => {
    expect(ids('t(`orders.status.${label}`); const k = `errors.${code}`; `/path/${x}`')).toEqual([
      'orders.status.new',
      'orders.status.done',
      'errors.generic',
    ]);
  });

  it('says on which line', () => {
    expect(idsIn("\n\nt('menu.title')", 'x.ts', known)).toEqual([{ id: 'menu.title', line: 3 }]);
  });
});

describe('placeholdersOf', () => {
  it('names the values a message fills in, inside plural forms too', () => {
    expect(placeholdersOf('© {year} {brand}')).toEqual(['brand', 'year']);
    expect(placeholdersOf('{count, plural, one {{count} товар} other {{count} товара за {price}}}')).toEqual(['count', 'price']);
    expect(placeholdersOf("O'zbekcha")).toEqual([]);
  });

  it('throws on a message that does not parse', () => {
    expect(() => placeholdersOf('{count, plural, one {x}')).toThrow();
  });
});

describe('readCatalogue', () => {
  it('reads ids and texts, leaving obsolete entries out', () => {
    const po = 'msgid ""\nmsgstr ""\n"Language: ru\\n"\n\nmsgid "menu.title"\nmsgstr "Меню"\n\n#~ msgid "old.one"\n#~ msgstr "Старое"\n';
    expect([...readCatalogue(po)]).toEqual([['menu.title', 'Меню']]);
  });
});
