import { useTranslation } from '../../i18n/i18n.ts';

const bone = 'rounded-2xl bg-surface-2 motion-safe:animate-pulse';

/** The shape of the menu while it loads, at the sizes the real one takes, so nothing jumps when it arrives. */
export function MenuSkeleton({ withBar = true }: { withBar?: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid="menu-skeleton" role="status" aria-busy="true">
      <span className="sr-only">{t('common.loading')}</span>
      {withBar && (
        <div className="-mx-4 flex h-14 items-center gap-2 overflow-hidden border-b border-line px-4 md:mx-0 md:px-1">
          {[88, 112, 76, 120, 96].map((w, i) => (
            <span key={i} className={`h-10 shrink-0 rounded-full bg-surface-2 motion-safe:animate-pulse`} style={{ width: w }} />
          ))}
        </div>
      )}
      <div className="pt-6">
        <div className={`mb-3 h-7 w-40 ${bone}`} />
        <ProductGridSkeleton />
      </div>
    </div>
  );
}

export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-3xl bg-surface p-2">
          <div className={`aspect-square w-full ${bone}`} />
          <div className="px-1 pt-2.5">
            <div className={`h-5 w-24 ${bone}`} />
            <div className={`mt-2 h-4 w-full ${bone}`} />
            <div className={`mt-1.5 h-4 w-2/3 ${bone}`} />
            <div className={`mt-3 h-10 w-full rounded-full bg-surface-2 motion-safe:animate-pulse`} />
          </div>
        </li>
      ))}
    </ul>
  );
}
