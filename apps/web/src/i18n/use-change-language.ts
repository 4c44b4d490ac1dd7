import { useCallback } from 'react';
import type { UiLanguage } from '@dasturxon/domain';
import { toast } from '../shared/ui/toast.tsx';
import { switchLanguage, t, useLanguage } from './i18n.ts';

/**
 * The one way the interface changes language (the header's list, the profile's sheet, a `/uz/…`
 * link): nothing when it is already the language; else its file is fetched, the choice kept in the
 * `lang` cookie and the interface redrawn in it. When the file cannot be had the customer is told,
 * and the interface stays as it was.
 */
export function useChangeLanguage(): (lang: UiLanguage) => Promise<void> {
  const current = useLanguage();
  return useCallback(
    async (lang: UiLanguage) => {
      if (lang === current) return;
      try {
        await switchLanguage(lang);
      } catch {
        toast(t('errors.generic'), 'error');
      }
    },
    [current],
  );
}
