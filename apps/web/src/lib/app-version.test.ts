import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '@dasturxon/domain';
import webPackage from '../../package.json' with { type: 'json' };
import { compareStoredVersion } from './app-version.ts';
import { isNewBuild } from './build-watch.ts';

describe('compareStoredVersion', () => {
  it('tells a first visit, the same version and a changed one apart', () => {
    expect(compareStoredVersion(null, '2.2.9')).toBe('first');
    expect(compareStoredVersion('2.2.9', '2.2.9')).toBe('same');
    expect(compareStoredVersion('2.2.8', '2.2.9')).toBe('changed');
    expect(compareStoredVersion('', '2.2.9')).toBe('changed');
  });
});

describe('isNewBuild', () => {
  it('is true only for another, well-formed build id', () => {
    expect(isNewBuild({ version: '2.2.9', build: 'b2' }, 'b1')).toBe(true);
    expect(isNewBuild({ version: '2.2.9', build: 'b1' }, 'b1')).toBe(false);
    expect(isNewBuild({ version: '2.2.9' }, 'b1')).toBe(false);
    expect(isNewBuild({ build: '' }, 'b1')).toBe(false);
    expect(isNewBuild('<!doctype html>', 'b1')).toBe(false);
    expect(isNewBuild(null, 'b1')).toBe(false);
  });
});

describe('version.json', () => {
  it('is written with the version of the web package, which must be the app version', () => {
    expect(webPackage.version).toBe(APP_VERSION);
  });
});
