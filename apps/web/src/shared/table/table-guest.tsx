import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { http } from '../../lib/http.ts';
import type { LoginResponse } from '@dasturxon/domain/contracts';
import { LOGIN_PATH, loginReturnState } from '../session/login-link.ts';
import { DishIcon } from '../ui/icons.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { StatusScreen } from '../ui/status-screen.tsx';
import { useShowFailure } from '../ui/failed-call.ts';
import { startSession } from '../session/session-store.ts';

/**
 * At a table of a brand that lets its guests order without logging in (`qrGuestOrders`, issue 32): order as the
 * table's guest (a session without a phone, `POST /tables/v1/guest`), or log in with the phone as anywhere else.
 */
export function TableGuestPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState(false);
  const asGuest = async () => {
    setBusy(true);
    try {
      const { token, user } = await http<LoginResponse>('/tables/v1/guest', { method: 'POST' });
      startSession({ token, user });
    } catch (error) {
      showFailure(error, () => void asGuest());
    }
    setBusy(false);
  };
  return (
    <StatusScreen
      testId="table-guest-prompt"
      icon={<DishIcon size={44} />}
      title={t('table.guestTitle')}
      text={t('table.guestText')}
      actions={
        <div className="grid w-full gap-2 sm:min-w-56">
          <Button testId="table-guest-order" wide busy={busy} onClick={() => void asGuest()}>
            {t('table.guestOrder')}
          </Button>
          <Link
            to={LOGIN_PATH}
            state={loginReturnState(location)}
            data-testid="login-prompt-button"
            className={buttonClass({ wide: true, variant: 'soft' })}
          >
            {t('auth.guest.login')}
          </Link>
        </div>
      }
    />
  );
}
