import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { MapPinIcon } from '../../shared/ui/icons.tsx';
import { primaryButton, StatusScreen } from '../../shared/ui/status-screen.tsx';

/**
 * /extra4: merchants with `branchFirstLanding` send visitors here until a branch is chosen.
 * The branch picker (a later issue) takes over the button.
 */
export function BranchLandingPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col justify-center">
      <StatusScreen
        testId="branch-landing"
        icon={<MapPinIcon size={44} strokeWidth={1.6} />}
        eyebrow={t('branchLanding.eyebrow')}
        title={t('branchLanding.title')}
        text={t('branchLanding.text')}
        actions={
          <Link to="/branches" data-testid="branch-landing-choose" className={primaryButton}>
            <MapPinIcon size={20} />
            {t('branchLanding.cta')}
          </Link>
        }
      />
    </div>
  );
}
