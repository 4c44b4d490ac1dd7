import type { SettingsFlag } from './settings.ts';

/**
 * How the storefront's navigation is laid out, from three flags of the brand's settings (issue 31; the reading is
 * written down in docs/storefront-features.md, "Flags and how they are read"):
 * - `multiTabNavigationEnabled`: the tabs of the company's brands under the header (only with two brands or more);
 * - `isNavigationViewEnabled`: the bottom navigation bar on phones (home, branches, basket, profile);
 * - `isVisibleAtProfileTop`: with that bar, the profile entry is also shown at the top, in the header. Without the bar
 *   the header's profile entry is the only way to the profile, so it always shows.
 * Wider screens have no bottom bar, so their header always shows the profile entry.
 */
export interface NavigationLayout {
  brandTabs: boolean;
  bottomBar: boolean;
  /** Whether a phone's header shows the profile entry. */
  profileInHeader: boolean;
}

export function navigationLayout(
  settings: Pick<Record<SettingsFlag, boolean>, 'multiTabNavigationEnabled' | 'isNavigationViewEnabled' | 'isVisibleAtProfileTop'>,
): NavigationLayout {
  const bottomBar = settings.isNavigationViewEnabled;
  return {
    brandTabs: settings.multiTabNavigationEnabled,
    bottomBar,
    profileInHeader: !bottomBar || settings.isVisibleAtProfileTop,
  };
}

/** Tabs of the company's brands show only when there is another brand to go to. */
export const showBrandTabs = (layout: NavigationLayout, brands: readonly unknown[]): boolean => layout.brandTabs && brands.length > 1;
