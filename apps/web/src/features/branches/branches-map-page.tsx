import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';
import { CloseButton } from '../../shared/ui/close-button.tsx';
import { Icon, type IconProps } from '../../shared/ui/icons.tsx';
import { StatusPill } from '../../shared/catalogue/branch-status.tsx';
import { BranchFacts, CitySelector, SelectButton } from './branch-list.tsx';
import { BranchMap } from './branch-map.tsx';
import { useBranchPicker } from './use-branch-picker.ts';

const ListIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
  </Icon>
);

/**
 * `/branches/map` (map layout): the pickup branches on a map fitted to them, a city selector when
 * there are several, and a tap on a marker opening the branch's details with a Select button.
 */
export function BranchesMapPage() {
  const { t, language } = useTranslation();
  const merchant = useCurrentMerchant();
  const picker = useBranchPicker();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = picker.branches.find((b) => b.id === selectedId) ?? null;
  const city = picker.cities.find((c) => c.id === picker.cityId);
  // The merchant's own point defaults to the capital area of its main city (docs/spec-index.md section 9), so there is always a centre.
  const center: [number, number] = city ? [city.latitude, city.longitude] : [merchant.latitude, merchant.longitude];

  useEffect(() => {
    document.title = t('branches.title');
  }, [t]);

  return (
    <div data-testid="branches-map-page" className="relative h-full">
      <h1 className="sr-only">{t('branches.title')}</h1>
      <BranchMap branches={picker.branches} center={center} chosenId={picker.chosenId} selectedId={selectedId} onSelect={setSelectedId} />

      {/* Beside the layout's back button, at the top. */}
      <div className="pointer-events-none absolute inset-x-0 top-0 z-[450] flex flex-col gap-2 ps-[4.25rem] pe-4 pt-[max(1rem,env(safe-area-inset-top))]">
        <div className="pointer-events-auto flex h-11 items-center self-start rounded-full bg-surface px-4 text-[15px] font-extrabold shadow-lg">
          {t('branches.title')}
        </div>
        <CitySelector
          cities={picker.cities}
          cityId={picker.cityId}
          onChange={(id) => {
            setSelectedId(null);
            picker.setCity(id);
          }}
          className="pointer-events-auto -ms-[4.25rem] -me-4 ps-4 pe-4 pb-1"
        />
      </div>

      {!selected && (
        <Link
          to="/branches"
          replace
          data-testid="branches-view-list"
          className="absolute end-4 bottom-[max(1.25rem,env(safe-area-inset-bottom))] z-[450] inline-flex h-12 items-center gap-2 rounded-full bg-surface px-5 text-[15px] font-bold shadow-lg"
        >
          <ListIcon size={20} />
          {t('branches.list')}
        </Link>
      )}

      {selected && (
        <section
          data-testid="branch-details"
          data-branch-id={selected.id}
          aria-label={pickText(selected.name, language)}
          className="absolute inset-x-0 bottom-0 z-[460] mx-auto max-w-xl rounded-t-[28px] bg-surface px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-[0_-12px_40px_-12px_rgb(0_0_0/0.4)] motion-safe:animate-[dx-toast-in_200ms_ease-out] md:bottom-6 md:rounded-[28px]"
        >
          <div className="flex items-start gap-3">
            <h2 className="min-w-0 flex-1 text-xl leading-snug font-extrabold">{pickText(selected.name, language)}</h2>
            <StatusPill branch={selected} />
            <CloseButton tone="soft" size="md" onClick={() => setSelectedId(null)} className="-me-1 -mt-1" />
          </div>
          <BranchFacts branch={selected} />
          <SelectButton branch={selected} chosen={selected.id === picker.chosenId} onChoose={picker.choose} className="mt-4 w-full" />
        </section>
      )}
    </div>
  );
}
