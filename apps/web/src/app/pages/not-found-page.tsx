import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { Icon, type IconProps } from '../../shared/ui/icons.tsx';
import { buttonClass } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

const CompassIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
  </Icon>
);

/** Spec section 2: an unknown path gives 'Page Not Found: {path}'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <StatusScreen
      testId="not-found-page"
      icon={<CompassIcon size={44} strokeWidth={1.6} />}
      code="404"
      title={t('notFound.title')}
      text={t('notFound.text')}
      detail={
        <code
          data-testid="not-found-path"
          dir="ltr"
          className="inline-block max-w-full rounded-lg bg-surface-2 px-3 py-1.5 text-sm break-all text-muted"
        >
          Page Not Found: {pathname}
        </code>
      }
      actions={
        <Link to="/" className={buttonClass()}>
          {t('common.home')}
        </Link>
      }
    />
  );
}
