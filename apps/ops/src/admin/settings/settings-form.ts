import { textOnBrand, validColor } from '@dasturxon/domain';
import { SettingsWrite, settingsProblems, type AdminSettings } from '@dasturxon/domain/contracts';

/*
 * The settings form's rules without React (issue 28): what is wrong with a draft, found with the API's own schema and
 * rule before anything is sent, and the colours the preview paints the storefront in while the owner types.
 */

/** What is wrong with the draft, by its top-level field (`mainColor`, `languages`, `contacts`, ...). */
export function problemsOf(draft: AdminSettings): Record<string, true> {
  const found: Record<string, true> = {};
  const checked = SettingsWrite.safeParse(draft);
  if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] = true;
  for (const p of settingsProblems(draft)) found[p.field] = true;
  return found;
}

/** The storefront's default brand colour, shown while the typed one is not a colour yet. */
const STOREFRONT_DEFAULT = '#FCE000';

/**
 * The preview's colours: the brand colour (the last good one while a half-typed value is not a colour), the text
 * that reads on it (the domain's contrast rule, as the storefront's theme), and the page and card of the theme.
 */
export function previewColours(draft: Pick<AdminSettings, 'mainColor' | 'theme'> & Partial<Pick<AdminSettings, 'mainColorType'>>) {
  const brand = validColor(draft.mainColor, STOREFRONT_DEFAULT);
  const dark = draft.theme === 'DARK';
  return {
    brand,
    onBrand: textOnBrand(brand, draft.mainColorType),
    page: dark ? { background: '#111418', color: '#F3F4F6' } : { background: '#F7F7F8', color: '#111418' },
    card: dark ? '#1E2228' : '#FFFFFF',
  };
}
