import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '@dasturxon/domain';
import config from '../../../lingui.config.ts';

describe('lingui.config.ts', () => {
  it('speaks the interface languages, with a catalogue for each in both apps', () => {
    expect(config.locales).toEqual([...UI_LANGUAGES]);
    expect(config.catalogs?.map((c) => c.path)).toEqual([
      '<rootDir>/apps/web/src/i18n/locales/{locale}',
      '<rootDir>/apps/ops/src/locales/{locale}',
    ]);
    for (const catalog of config.catalogs ?? []) {
      for (const lang of UI_LANGUAGES) {
        const file = fileURLToPath(
          new URL(`../../../${catalog.path.replace('<rootDir>/', '').replace('{locale}', lang)}.po`, import.meta.url),
        );
        expect(existsSync(file), file).toBe(true);
      }
    }
  });
});
