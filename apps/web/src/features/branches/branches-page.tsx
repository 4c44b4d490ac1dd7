import { useEffect } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { BranchList, CitySelector, ViewToggle } from './branch-list.tsx';
import { useBranchPicker } from './use-branch-picker.ts';

/** `/branches`: the pickup branches of a city with today's hours, open or closed, phone; choosing one re-sorts the menu and goes home. */
export function BranchesPage() {
  const { t } = useTranslation();
  const picker = useBranchPicker();

  useEffect(() => {
    document.title = t('branches.title');
  }, [t]);

  return (
    <div data-testid="branches-page" className="mx-auto max-w-5xl px-4 pt-5 pb-6 md:pt-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-[28px] leading-tight font-extrabold tracking-tight md:text-4xl">{t('branches.title')}</h1>
        <ViewToggle active="list" />
      </div>
      <p className="mt-1 text-[15px] text-muted">{t('branches.subtitle')}</p>
      <CitySelector cities={picker.cities} cityId={picker.cityId} onChange={picker.setCity} className="mt-4 -mx-4 px-4 md:mx-0 md:px-0" />
      <div className="mt-4">
        <BranchList picker={picker} />
      </div>
    </div>
  );
}
