import { DEFAULT_MAIN_COLOR } from './constants.ts';

export type Rgb = readonly [number, number, number];

/** `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha ignored) → channels 0–255; anything else → null. */
export function parseHexColor(value: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim());
  if (!m?.[1]) return null;
  let hex = m[1];
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * Spec section 9: text on the main colour is white when the colour is dark, else black.
 * "Dark" means white gives the higher contrast ratio; an unreadable colour counts as light.
 */
export function contrastText(hex: string): '#FFFFFF' | '#000000' {
  const rgb = parseHexColor(hex);
  if (!rgb) return '#000000';
  const l = relativeLuminance(rgb);
  const withWhite = 1.05 / (l + 0.05);
  const withBlack = (l + 0.05) / 0.05;
  return withWhite > withBlack ? '#FFFFFF' : '#000000';
}

/** WCAG contrast ratio of two colours, 1 to 21. */
function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG's floor for large and bold text and for UI parts: the brand's buttons carry bold text. */
const READABLE_ON_BRAND = 3;

/**
 * The text colour on the brand colour when the brand says what its colour is (settings `mainColorType`, spec section
 * 9: white on a dark main colour, else black). The brand's word decides while it reads (a contrast of 3:1 at least);
 * where it would not (a yellow declared DARK, the spec's default pair), the colour's own luminance decides instead, so
 * a stale setting never makes the buttons unreadable.
 */
export function textOnBrand(hex: string, declared?: 'DARK' | 'LIGHT'): '#FFFFFF' | '#000000' {
  const computed = contrastText(hex);
  const rgb = parseHexColor(hex);
  if (!declared || !rgb) return computed;
  const wanted = declared === 'DARK' ? '#FFFFFF' : '#000000';
  const ratio = contrastRatio(rgb, declared === 'DARK' ? [255, 255, 255] : [0, 0, 0]);
  return ratio >= READABLE_ON_BRAND ? wanted : computed;
}

/** The colour itself when it parses, else the fallback: a merchant's typo never paints the page transparent. */
export function validColor(value: string | null | undefined, fallback: string): string {
  return value && parseHexColor(value) ? (value.startsWith('#') ? value : `#${value}`) : fallback;
}

export interface Theme {
  brand: string;
  onBrand: string;
  dark: boolean;
}

/**
 * The brand colour of the settings (default #FCE000), the text colour on it (as `mainColorType` says, where that
 * reads: `textOnBrand`), and dark or light mode.
 */
export function themeOf(settings: { mainColor?: string | null; isDark: boolean; mainColorType?: 'DARK' | 'LIGHT' }): Theme {
  const brand = validColor(settings.mainColor, DEFAULT_MAIN_COLOR);
  return { brand, onBrand: textOnBrand(brand, settings.mainColorType), dark: settings.isDark };
}
