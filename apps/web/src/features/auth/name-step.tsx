import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { http } from '../../lib/http.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';
import { UserIcon } from '../../shared/session/session-icons.tsx';
import { updateSessionUser } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SubmitButton } from '../../shared/ui/submit-button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { AuthScreen } from './auth-screen.tsx';

/** `PUT /users/v1/users/{id}` with the name, or `skipName` (the profile's own edit is features/profile/profile.api.ts). */
const answer = (id: string, changes: { firstName: string } | { skipName: true }) =>
  http<User>(`/users/v1/users/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, body: changes });

/**
 * The step after the code for a customer with no name (`user.askName`, issue 29): their name, so couriers and
 * operators can call them by it, or Skip. Either answer is kept on the server, so the step is asked once. A name the
 * account already has (copied from the Telegram profile at a mini app login) is filled in: keeping it is one tap.
 */
export function NameStep({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => user.firstName.trim());
  const [busy, setBusy] = useState<'save' | 'skip' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (which: 'save' | 'skip', changes: { firstName: string } | { skipName: true }) => {
    setBusy(which);
    setError(null);
    try {
      const next = await answer(user.id, changes);
      updateSessionUser(next);
      queryClient.setQueryData(sessionKeys.me, next);
      onDone();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const firstName = name.trim();
    void send('save', firstName ? { firstName } : { skipName: true });
  };

  return (
    <AuthScreen
      testId="login-name-step"
      back={{ to: '/' }}
      icon={<UserIcon size={28} />}
      title={t('auth.name.title')}
      text={t('auth.name.text')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          id="login-name"
          testId="login-name-input"
          label={t('auth.name.label')}
          autoComplete="given-name"
          maxLength={100}
          autoFocus
          value={name}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <SubmitButton busy={busy === 'save'} disabled={busy !== null || !name.trim()} testId="login-name-save">
          {t('auth.name.save')}
        </SubmitButton>
        <Button
          variant="ghost"
          size="lg"
          wide
          busy={busy === 'skip'}
          disabled={busy !== null}
          testId="login-name-skip"
          onClick={() => void send('skip', { skipName: true })}
        >
          {t('auth.name.skip')}
        </Button>
      </form>
    </AuthScreen>
  );
}
