import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { buttonClass } from '../ui/button.tsx';
import { StatusScreen } from '../ui/status-screen.tsx';
import { LOGIN_PATH, loginReturnState } from './login-link.ts';
import { LockIcon } from './flow-icons.tsx';

/**
 * What a guest sees where the page is for customers (profile, orders, checkout): they must log in
 * to use the full site, order and track orders (docs/spec-index.md section 6). The login brings them back here.
 */
export function LoginPrompt({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <StatusScreen
      testId="login-prompt"
      icon={<LockIcon size={44} />}
      title={title ?? t('auth.guest.title')}
      text={text ?? t('auth.guest.text')}
      actions={
        <Link
          to={LOGIN_PATH}
          state={loginReturnState(location)}
          data-testid="login-prompt-button"
          className={`${buttonClass({ wide: true })} sm:min-w-56`}
        >
          {t('auth.guest.login')}
        </Link>
      }
    />
  );
}
