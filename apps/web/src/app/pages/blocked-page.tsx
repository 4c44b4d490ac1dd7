import { useTranslation } from '../../i18n/i18n.ts';
import { Icon, type IconProps } from '../../shared/ui/icons.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

const LockIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
  </Icon>
);

/** An admin switched the merchant off (docs/spec-index.md sections 2 and 6). */
export function BlockedPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="blocked-page"
      icon={<LockIcon size={44} strokeWidth={1.6} />}
      title={t('blocked.title')}
      text={t('blocked.text')}
    />
  );
}
