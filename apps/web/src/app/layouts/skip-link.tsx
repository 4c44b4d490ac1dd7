import { useTranslation } from '../../i18n/i18n.ts';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className="sr-only z-50 rounded-xl bg-ink px-4 py-2 text-bg focus:not-sr-only focus:fixed focus:start-3 focus:top-3">
      {t('common.skipToContent')}
    </a>
  );
}
