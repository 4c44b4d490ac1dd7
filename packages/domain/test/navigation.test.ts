import { describe, expect, it } from 'vitest';
import { brandAddress, navigationLayout, showBrandTabs } from '../src/index.ts';

const flags = (multiTabNavigationEnabled: boolean, isNavigationViewEnabled: boolean, isVisibleAtProfileTop: boolean) => ({
  multiTabNavigationEnabled,
  isNavigationViewEnabled,
  isVisibleAtProfileTop,
});

describe('navigationLayout', () => {
  it('without the bottom bar the header keeps the profile entry, whatever isVisibleAtProfileTop says', () => {
    expect(navigationLayout(flags(false, false, false))).toEqual({ brandTabs: false, bottomBar: false, profileInHeader: true });
    expect(navigationLayout(flags(false, false, true))).toEqual({ brandTabs: false, bottomBar: false, profileInHeader: true });
  });

  it('with the bottom bar the profile is at the top only where isVisibleAtProfileTop is on', () => {
    expect(navigationLayout(flags(false, true, false))).toEqual({ brandTabs: false, bottomBar: true, profileInHeader: false });
    expect(navigationLayout(flags(false, true, true))).toEqual({ brandTabs: false, bottomBar: true, profileInHeader: true });
  });

  it('multiTabNavigationEnabled turns the brand tabs on, and they show only with another brand to go to', () => {
    const on = navigationLayout(flags(true, false, false));
    expect(on.brandTabs).toBe(true);
    expect(showBrandTabs(on, [{}])).toBe(false);
    expect(showBrandTabs(on, [{}, {}])).toBe(true);
    expect(showBrandTabs(navigationLayout(flags(false, false, false)), [{}, {}])).toBe(false);
  });
});

describe('brandAddress', () => {
  const at = (host: string, https = false, baseDomains = ['dasturxon.uz']) =>
    brandAddress({ sub: 'tezkor-coffee', host, baseDomains, https });

  it('stays on the development host family', () => {
    expect(at('tezkor.localhost:3310')).toBe('http://tezkor-coffee.localhost:3310/');
    expect(at('localhost:3000')).toBe('http://localhost:3000/?vendor=tezkor-coffee');
    expect(at('127.0.0.1')).toBe('http://127.0.0.1/?vendor=tezkor-coffee');
  });

  it('stays under the base domain the call came on, with its scheme and port', () => {
    expect(at('tezkor.dasturxon.uz', true)).toBe('https://tezkor-coffee.dasturxon.uz/');
    expect(at('www.tezkor.food.uz:8443', true, ['dasturxon.uz', 'food.uz'])).toBe('https://tezkor-coffee.food.uz:8443/');
  });

  it("from a brand's own domain opens the sub-domain of the first base domain over HTTPS", () => {
    expect(at('tezkor.uz', false)).toBe('https://tezkor-coffee.dasturxon.uz/');
  });
});
