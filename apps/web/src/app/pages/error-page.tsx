import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError, httpStatusText } from '../../lib/http.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';

/** Spec section 2: status code, status message and text; by default 500 Internal Server Error. */
export function ErrorPage({ error, status: given }: { error?: unknown; status?: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const status = given ?? (error instanceof HttpError && error.status >= 400 ? error.status : 500);
  return (
    <StatusScreen
      testId="error-page"
      icon={<AlertIcon size={44} strokeWidth={1.6} />}
      code={<span data-testid="error-status">{status}</span>}
      eyebrow={
        <code data-testid="error-status-text" dir="ltr">
          {status} {httpStatusText(status)}
        </code>
      }
      title={t('error.title')}
      text={<span data-testid="error-message">{errorText(error, 'error.text')}</span>}
      actions={
        <>
          <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
          <a href="/" className={buttonClass({ variant: 'secondary' })}>
            {t('common.home')}
          </a>
        </>
      }
    />
  );
}
