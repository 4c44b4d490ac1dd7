import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { Icon, type IconProps } from '../../shared/ui/icons.tsx';
import { PageOutlet } from './page-outlet.tsx';

const ArrowBackIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 12H5m6-6-6 6 6 6" />
  </Icon>
);

/** The whole screen for a map (address choice, pickup point), with a way back floating over it. */
export function MapLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    // `isolate`: the map's own layers (z-index up to 1000) stay below the sheets opened over the page.
    <div className="relative isolate h-dvh w-full overflow-hidden">
      <main id="main" className="h-full">
        <PageOutlet />
      </main>
      <button
        type="button"
        onClick={() => void navigate(-1)}
        aria-label={t('common.back')}
        className="absolute start-4 top-[max(1rem,env(safe-area-inset-top))] z-[500] grid size-11 place-items-center rounded-full bg-surface shadow-lg"
      >
        <ArrowBackIcon size={22} className="rtl:-scale-x-100" />
      </button>
    </div>
  );
}
