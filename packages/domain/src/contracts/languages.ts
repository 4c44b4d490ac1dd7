import { z } from 'zod';
import { CONTENT_LANGUAGES, UI_LANGUAGES } from '../languages.ts';

/** Languages content is written in (docs/spec-index.md section 3: ru, uz, eng). */
export const ContentLanguage = z.enum(CONTENT_LANGUAGES);
export type ContentLanguage = z.infer<typeof ContentLanguage>;

export const UiLanguage = z.enum(UI_LANGUAGES);
export type UiLanguage = z.infer<typeof UiLanguage>;

/** Localized text of content: `{ru, uz, eng}`; any part may be missing or empty. */
export const LocalizedText = z.object({
  ru: z.string().optional(),
  uz: z.string().optional(),
  eng: z.string().optional(),
});
export type LocalizedText = z.infer<typeof LocalizedText>;
