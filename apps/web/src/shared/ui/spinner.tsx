import { useTranslation } from '../../i18n/i18n.ts';

/** Shown while a page's code arrives. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="page-spinner" className="grid min-h-[40vh] place-items-center">
      <span className="size-8 animate-spin rounded-full border-[3px] border-line border-t-brand" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
