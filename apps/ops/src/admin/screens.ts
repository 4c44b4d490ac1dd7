import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { AREAS_OF_ROLE, type BackOfficeArea, type StaffRole } from '@dasturxon/domain';

/*
 * The back office's screens (issue 28): each under /ops/admin/<path>, loaded when first opened, shown to the roles
 * whose areas (packages/domain/src/back-office.ts) it works in. A screen's own files live in ./<path>/.
 */

export interface BackOfficeScreen {
  /** Its path under /admin and its navigation label's id (`admin.nav.<id>`). */
  id: string;
  /** Shown when the role may change any of these areas. */
  areas: readonly BackOfficeArea[];
  component: LazyExoticComponent<ComponentType>;
}

const load = <K extends string>(loader: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => loader().then((m) => ({ default: m[name] })));

export const BACK_OFFICE_SCREENS: readonly BackOfficeScreen[] = [
  { id: 'menu', areas: ['menu'], component: load(() => import('./menu/menu-screen.tsx'), 'MenuScreen') },
  { id: 'import', areas: ['menu'], component: load(() => import('./import/import-screen.tsx'), 'ImportScreen') },
  { id: 'banners', areas: ['content'], component: load(() => import('./content/banners-screen.tsx'), 'BannersScreen') },
  { id: 'pages', areas: ['content'], component: load(() => import('./content/pages-screen.tsx'), 'PagesScreen') },
  { id: 'settings', areas: ['settings'], component: load(() => import('./settings/settings-screen.tsx'), 'SettingsScreen') },
  {
    id: 'payments',
    areas: ['paymentAccounts'],
    component: load(() => import('./settings/payment-accounts-screen.tsx'), 'PaymentAccountsScreen'),
  },
  {
    id: 'geocoder',
    areas: ['paymentAccounts'],
    component: load(() => import('./settings/geocoder-key-screen.tsx'), 'GeocoderKeyScreen'),
  },
  { id: 'promos', areas: ['promotions'], component: load(() => import('./promos/promos-screen.tsx'), 'PromosScreen') },
  { id: 'staff', areas: ['staff'], component: load(() => import('./staff/staff-screen.tsx'), 'StaffScreen') },
  { id: 'zones', areas: ['zones'], component: load(() => import('./zones/zones-screen.tsx'), 'ZonesScreen') },
  {
    id: 'branches',
    areas: ['hours', 'branches', 'tables'],
    component: load(() => import('./branches/branches-screen.tsx'), 'BranchesScreen'),
  },
  { id: 'audit', areas: ['audit'], component: load(() => import('./audit/audit-screen.tsx'), 'AuditScreen') },
  // The brand's vacancies and the applications to them (issue 31): published content.
  { id: 'vacancies', areas: ['content'], component: load(() => import('./vacancies/vacancies-screen.tsx'), 'VacanciesScreen') },
];

/** The screens of a role, in the navigation's order. */
export const screensOf = (role: StaffRole): BackOfficeScreen[] =>
  BACK_OFFICE_SCREENS.filter((screen) => screen.areas.some((area) => AREAS_OF_ROLE[role].includes(area)));
