import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { buttonClass } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { useErrorText } from './use-error-text.ts';

/** A page or list whose call failed: the reason in the customer's language and a button that asks again. */
export function LoadFailed({ testId, icon, error, onRetry }: { testId: string; icon: ReactNode; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <EmptyState
      testId={testId}
      icon={icon}
      title={errorText(error)}
      action={
        <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
