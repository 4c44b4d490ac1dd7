import { useTranslation } from '../../i18n/i18n.ts';
import { ConfirmSheet } from './confirm-sheet.tsx';
import { ChevronEndIcon } from './more-icons.tsx';

/** The confirmation of `LeaveAppGuard`: where the link leads, "go" opens it in a new tab, "stay" keeps the customer here. */
export function LeaveAppSheet({ url, onClose }: { url: URL; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmSheet
      open
      onOpenChange={(open) => !open && onClose()}
      testId="leave-app"
      icon={<ChevronEndIcon size={28} />}
      title={t('leave.title')}
      text={t('leave.text', { host: url.host })}
      confirmLabel={t('leave.go')}
      cancelLabel={t('leave.stay')}
      onConfirm={() => {
        window.open(url.href, '_blank', 'noopener,noreferrer');
        onClose();
      }}
    />
  );
}
