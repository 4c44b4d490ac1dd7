import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPhone, MIN_BIRTHDAY, type User } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { ChevronStartIcon } from '../../shared/session/flow-icons.tsx';
import { sessionKeys, useMe } from '../../shared/session/session.api.ts';
import { updateSessionUser, useIsLoggedIn } from '../../shared/session/session-store.ts';
import { SubmitButton } from '../../shared/ui/submit-button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { useShowFailure } from '../../shared/ui/failed-call.ts';
import { ChangePhoneSheet } from './change-phone-sheet.tsx';
import { updateUser } from './profile.api.ts';
import { changesOf, serverField, today, validateUser, valuesOf, type FieldName, type FormValues } from './user-form.ts';

/** `/profile/user`: personal information. */
export function ProfileUserPage() {
  const loggedIn = useIsLoggedIn();
  const { data: user } = useMe();
  if (!loggedIn) return <LoginPrompt />;
  if (!user) return null;
  return <UserForm user={user} />;
}

function UserForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const showFailure = useShowFailure();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<FormValues>(() => valuesOf(user));
  const [values, setValues] = useState<FormValues>(saved);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [phoneSheet, setPhoneSheet] = useState(false);
  const [phoneSheetKey, setPhoneSheetKey] = useState(0);
  const changes = changesOf(saved, values);
  const dirty = Object.keys(changes).length > 0;

  const set = <K extends FieldName>(name: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  const save = async () => {
    if (busy || !dirty) return;
    const found = validateUser(values, today(), t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`user-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const next = await updateUser(user.id, changes);
      updateSessionUser(next);
      queryClient.setQueryData(sessionKeys.me, next);
      const fresh = valuesOf(next);
      setSaved(fresh);
      setValues(fresh);
      toast(t('profile.user.saved'), 'success');
    } catch (failure) {
      const field = serverField(failure);
      const text = errorText(failure);
      if (field) setErrors({ [field]: field === 'email' ? t('profile.user.invalidEmail') : text });
      else showFailure(failure, () => void save());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      data-testid="profile-user-page"
      className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <Link
        to="/profile"
        data-testid="profile-user-back"
        className="-ms-2 inline-flex h-10 items-center gap-1 rounded-full ps-1 pe-3 text-sm font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-ink"
      >
        <ChevronStartIcon size={20} className="rtl:-scale-x-100" />
        {t('profile.title')}
      </Link>
      <h1 className="mt-2 mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('profile.user.title')}</h1>

      <form noValidate onSubmit={(e) => void submit(e)}>
        <div className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="user-firstName"
              name="firstName"
              label={t('profile.user.firstName')}
              value={values.firstName}
              error={errors.firstName}
              onChange={(e) => set('firstName', e.target.value)}
              autoComplete="given-name"
              placeholder={t('auth.prompts.name')}
              maxLength={100}
            />
            <TextField
              id="user-lastName"
              name="lastName"
              label={t('profile.user.lastName')}
              value={values.lastName}
              error={errors.lastName}
              onChange={(e) => set('lastName', e.target.value)}
              autoComplete="family-name"
              placeholder={t('profile.user.lastNamePrompt')}
              maxLength={100}
            />
          </div>

          <div>
            <span className="mb-1.5 block text-sm font-semibold text-muted">{t('profile.user.phone')}</span>
            <div className="flex h-13 items-center gap-2 rounded-2xl bg-surface-2 ps-4 pe-1.5">
              <bdi
                dir="ltr"
                data-testid="user-phone"
                className="min-w-0 flex-1 truncate text-[16px] font-semibold whitespace-nowrap tabular-nums rtl:text-end"
              >
                {formatPhone(user.phone)}
              </bdi>
              <button
                type="button"
                data-testid="change-phone"
                onClick={() => {
                  setPhoneSheetKey((k) => k + 1);
                  setPhoneSheet(true);
                }}
                className="inline-flex h-10 shrink-0 items-center rounded-xl bg-surface px-3.5 text-sm font-bold shadow-sm transition-colors hover:bg-bg"
              >
                {t('profile.user.changePhone')}
              </button>
            </div>
          </div>

          <TextField
            id="user-email"
            name="email"
            type="email"
            inputMode="email"
            label={t('profile.user.email')}
            value={values.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
            autoComplete="email"
            placeholder="name@example.com"
            dir="ltr"
            maxLength={254}
          />
          <TextField
            id="user-birthday"
            name="birthday"
            type="date"
            label={t('profile.user.birthday')}
            value={values.birthday}
            error={errors.birthday}
            onChange={(e) => set('birthday', e.target.value)}
            autoComplete="bday"
            min={MIN_BIRTHDAY}
            max={today()}
          />

          <fieldset>
            <legend className="mb-1.5 text-sm font-semibold text-muted">{t('profile.user.gender')}</legend>
            <div role="radiogroup" className="grid grid-cols-2 gap-1 rounded-2xl bg-surface-2 p-1">
              {(['male', 'female'] as const).map((g) => (
                <button
                  key={g}
                  type="button"
                  role="radio"
                  aria-checked={values.gender === g}
                  data-testid={`gender-${g}`}
                  onClick={() => set('gender', values.gender === g ? null : g)}
                  className="h-11 rounded-xl text-[15px] font-semibold text-muted transition-colors aria-checked:bg-surface aria-checked:text-ink aria-checked:shadow-sm"
                >
                  {t(`profile.user.${g}`)}
                </button>
              ))}
            </div>
          </fieldset>
        </div>

        <div
          data-sticky-bar
          className="sticky bottom-0 -mx-4 mt-4 bg-gradient-to-t from-bg via-bg to-transparent px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
        >
          <SubmitButton busy={busy} disabled={!dirty} testId="user-save">
            {t('profile.user.save')}
          </SubmitButton>
        </div>
      </form>

      <ChangePhoneSheet key={phoneSheetKey} open={phoneSheet} onOpenChange={setPhoneSheet} currentPhone={user.phone} />
    </div>
  );
}
