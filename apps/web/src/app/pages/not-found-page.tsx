import { useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router';
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

/** Whether this tab has a page of ours to go back to (React Router counts its entries in `idx`). */
const canGoBack = (): boolean => Boolean((window.history.state as { idx?: number } | null)?.idx);
const unchanging = () => () => undefined;

/**
 * An unknown address: said in the customer's words, with the way home and back. The address itself is not shown
 * (issue 29: a monospace path line speaks to a developer); the page's status is still 404 for robots.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Read after the server's page is taken over: the server knows of no history.
  const back = useSyncExternalStore(unchanging, canGoBack, () => false);
  return (
    <StatusScreen
      testId="not-found-page"
      icon={<CompassIcon size={44} strokeWidth={1.6} />}
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={
        <>
          <Link to="/" className={buttonClass()}>
            {t('common.home')}
          </Link>
          {back && (
            <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={() => void navigate(-1)}>
              {t('common.back')}
            </button>
          )}
        </>
      }
    />
  );
}
