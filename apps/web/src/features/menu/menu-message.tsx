import { useTranslation } from '../../i18n/i18n.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { DishIcon } from '../../shared/ui/icons.tsx';

/** In place of the menu: it could not be loaded (with a retry) or the brand has nothing in it yet. */
export function MenuMessage({ testId, title, text, onRetry }: { testId: string; title: string; text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      testId={testId}
      framed
      className="mt-6"
      icon={<DishIcon size={30} />}
      title={title}
      text={text}
      action={
        onRetry && (
          <Button size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}
