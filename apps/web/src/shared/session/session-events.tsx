import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { t } from '../../i18n/i18n.ts';
import { toast } from '../ui/toast.tsx';
import { sessionKeys } from './session.api.ts';
import { onSessionEnd, type SessionEndReason } from './session-store.ts';

const NOTICE: Record<SessionEndReason, { key: string; kind: 'success' | 'error' | 'info' } | null> = {
  logout: { key: 'auth.loggedOut', kind: 'success' },
  deleted: { key: 'auth.accountDeleted', kind: 'info' },
  // Spec section 8: 'Bazi narsalar eskirgan! Iltimos tizimga boshqattan kiring'.
  expired: { key: 'auth.sessionExpired', kind: 'error' },
  elsewhere: null,
};

/**
 * Whatever ended the session (the customer, a 401, another tab), the customer's queries are
 * dropped, the visitor goes to '/' (docs/spec-index.md section 2) and is told why. Rendered once, under the router.
 */
export function SessionEvents() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnd((reason) => {
        void navigate('/', { replace: true });
        window.scrollTo(0, 0);
        queryClient.removeQueries({ queryKey: sessionKeys.all });
        const notice = NOTICE[reason];
        if (notice) toast(t(notice.key), notice.kind);
      }),
    [navigate, queryClient],
  );
  return null;
}
