import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { safePathOr } from '../../shared/navigation.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { Icon, type IconProps } from '../../shared/ui/icons.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

const NoSignalIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10 5.1A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 3.3-2M13.5 10.2A10 10 0 0 1 19 12.5M8.5 16a5 5 0 0 1 7 0" />
    <path d="M12 20h.01M3 3l18 18" />
  </Icon>
);

/**
 * `/offline`: what the service worker shows when a page is asked for without a network and was never seen
 * (docs/decisions/018-offline-app.md), in the brand's look and the customer's language, instead of the browser's
 * dinosaur. "Try again" opens the page that was asked for; the menu already seen opens from the worker's copy.
 * Nothing is sent by itself when the network returns: the customer decides.
 */
export function OfflinePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const from = safePathOr(params.get('from') ?? '/');
  useEffect(() => {
    document.title = t('offline.title');
  }, [t]);
  return (
    <StatusScreen
      testId="offline-page"
      icon={<NoSignalIcon size={44} strokeWidth={1.6} />}
      title={t('offline.title')}
      text={t('offline.text')}
      actions={
        <>
          {/* Whole-page loads: the worker answers them (the network, or the copy of a page already seen). */}
          <a href={from} data-testid="offline-retry" className={buttonClass()}>
            {t('common.retry')}
          </a>
          <a href="/" data-testid="offline-menu" className={buttonClass({ variant: 'secondary' })}>
            {t('offline.menu')}
          </a>
        </>
      }
    />
  );
}
