import { useTranslation } from '../../i18n/i18n.ts';
import { Icon, type IconProps } from '../../shared/ui/icons.tsx';
import { buttonClass } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

const StoreOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9.5V20h16V9.5M3 9.5 5 4h14l2 5.5M3 9.5h18M3 3l18 18" />
  </Icon>
);

/** No merchant answers for this address (docs/spec-index.md section 8). Trying again starts the storefront afresh. */
export function MerchantNotAvailablePage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="merchant-not-available-page"
      icon={<StoreOffIcon size={44} strokeWidth={1.6} />}
      title={t('unavailable.title')}
      text={t('unavailable.text')}
      actions={
        <a href="/" className={buttonClass()}>
          {t('common.retry')}
        </a>
      }
    />
  );
}
