import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { MapPinIcon } from '../../shared/ui/icons.tsx';
import { BranchList, CitySelector } from './branch-list.tsx';
import { useBranchPicker } from './use-branch-picker.ts';

/**
 * /extra4: merchants with `branchFirstLanding` send visitors here until a branch is chosen. Menu,
 * prices and availability depend on the branch, so the choice comes first; then the menu.
 */
export function BranchLandingPage() {
  const { t } = useTranslation();
  const picker = useBranchPicker({ afterChoose: '/' });

  useEffect(() => {
    document.title = t('branchLanding.title');
  }, [t]);

  return (
    <div data-testid="branch-landing" className="mx-auto w-full max-w-5xl px-4 pt-6 pb-10 md:pt-10">
      <div className="flex items-start gap-4">
        <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand text-on-brand shadow-[0_12px_32px_-12px_var(--brand)]">
          <MapPinIcon size={28} strokeWidth={1.7} />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-muted">{t('branchLanding.eyebrow')}</p>
          <h1 className="text-[26px] leading-tight font-extrabold tracking-tight md:text-4xl">{t('branchLanding.title')}</h1>
          <p className="mt-2 max-w-xl text-[15px] leading-relaxed text-muted">{t('branchLanding.text')}</p>
        </div>
      </div>
      <div className="mt-5 flex items-center justify-between gap-3">
        <CitySelector cities={picker.cities} cityId={picker.cityId} onChange={picker.setCity} className="-mx-4 px-4 md:mx-0 md:px-0" />
        <Link
          to="/branches/map"
          data-testid="branch-landing-map"
          className="ms-auto shrink-0 rounded-full bg-surface px-4 py-2 text-sm font-bold shadow-sm hover:bg-surface-2"
        >
          {t('branches.map')}
        </Link>
      </div>
      <div className="mt-4">
        <BranchList picker={picker} />
      </div>
    </div>
  );
}
