import { useState, type FormEvent } from 'react';
import type { AdminPaymentAccount, AdminPaymentAccountList } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { Field, SaveBar } from '../form.tsx';

/** The providers' own names (brands: the same in every language). */
const PROVIDER_NAMES = { PAYME: 'Payme', CLICK: 'Click', UZUM: 'Uzum Bank' } as const;
const PATHS = { PAYME: 'payme', CLICK: 'click', UZUM: 'uzum' } as const;

/** A provider's plain fields and its secrets, as the form edits them. */
const PLAIN = {
  PAYME: ['cashboxId'],
  CLICK: ['serviceId', 'merchantId', 'merchantUserId'],
  UZUM: ['serviceId', 'login'],
} as const;
const SECRETS = {
  PAYME: [
    { name: 'key', label: 'KEY', set: 'keySet' },
    { name: 'testKey', label: 'TEST_KEY', set: 'testKeySet' },
  ],
  CLICK: [{ name: 'secretKey', label: null, set: 'secretKeySet' }],
  UZUM: [{ name: 'password', label: null, set: 'passwordSet' }],
} as const;

/**
 * The brand's accounts at Payme, Click and Uzum (issue 28; the owner's): each one's ids and switches, and whether each
 * secret is set. A secret is never shown: typing a new one replaces it, an empty field keeps it, "remove" clears it.
 */
export function PaymentAccountsScreen() {
  const tr = useT();
  const list = useLoad(() => adminCall<AdminPaymentAccountList>('GET', '/payment-accounts'), []);
  const [saved, setSaved] = useState<string | null>(null);
  if (list.loading && !list.data) return <Loading />;
  if (!list.data) return <ErrorNote error={list.error} onRetry={list.reload} />;
  return (
    <div className="flex flex-col gap-3" data-testid="admin-payments">
      <h1 className="text-xl font-semibold">{tr.t('admin.nav.payments')}</h1>
      <p className="text-sm text-slate-600">{tr.t('admin.payments.intro')}</p>
      <div className="grid gap-3 xl:grid-cols-3">
        {list.data.content.map((account) => (
          <AccountForm
            key={`${account.provider}:${account.version}`}
            account={account}
            saved={saved === account.provider}
            onReload={list.reload}
            onSaved={(next) => {
              setSaved(next.provider);
              list.setData((current) => current && { content: current.content.map((a) => (a.provider === next.provider ? next : a)) });
            }}
          />
        ))}
      </div>
    </div>
  );
}

function Badge({ on, yes, no, testId }: { on: boolean; yes: string; no: string; testId: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${on ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}
      data-testid={testId}
      data-on={on}
    >
      {on ? yes : no}
    </span>
  );
}

function AccountForm({
  account,
  saved,
  onSaved,
  onReload,
}: {
  account: AdminPaymentAccount;
  saved: boolean;
  onSaved: (next: AdminPaymentAccount) => void;
  onReload: () => void;
}) {
  const tr = useT();
  const p = account.provider;
  const values = account as unknown as Record<string, string | boolean>;
  const [plain, setPlain] = useState<Record<string, string>>(() => Object.fromEntries(PLAIN[p].map((f) => [f, String(values[f] ?? '')])));
  const [isActive, setActive] = useState(account.isActive);
  const [testMode, setTestMode] = useState(account.provider === 'PAYME' ? account.testMode : false);
  /** Per secret: '' keeps the stored one, a text replaces it, null removes it. */
  const [secrets, setSecrets] = useState<Record<string, string | null>>({});
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const testId = `payments-${PATHS[p]}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sent: Record<string, string | null> = {};
    for (const [name, value] of Object.entries(secrets))
      if (value === null || value.trim()) sent[name] = value === null ? null : value.trim();
    const body = { version: account.version, isActive, ...plain, ...(p === 'PAYME' ? { testMode } : {}), ...sent };
    setState({ saving: true, error: null });
    adminCall<AdminPaymentAccount>('PUT', `/payment-accounts/${PATHS[p]}`, body).then(onSaved, (error: unknown) =>
      setState({ saving: false, error }),
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold">{PROVIDER_NAMES[p]}</h2>
        <Badge
          on={account.configured}
          yes={tr.t('admin.payments.configured')}
          no={tr.t('admin.payments.notConfigured')}
          testId={`${testId}-configured`}
        />
        <Badge
          on={account.secretSet}
          yes={tr.t('admin.payments.secretSet')}
          no={tr.t('admin.payments.secretNotSet')}
          testId={`${testId}-secret-set`}
        />
      </header>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={isActive} onChange={(e) => setActive(e.target.checked)} data-testid={`${testId}-active`} />
        {tr.t('admin.payments.active')}
      </label>
      {p === 'PAYME' && (
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={testMode} onChange={(e) => setTestMode(e.target.checked)} data-testid={`${testId}-test-mode`} />
          {tr.t('admin.payments.testMode')}
        </label>
      )}
      {PLAIN[p].map((name) => (
        <Field key={name} label={tr.t(`admin.payments.${name}`)} htmlFor={`${testId}-${name}`}>
          <input
            id={`${testId}-${name}`}
            className={field}
            dir="ltr"
            autoComplete="off"
            value={plain[name] ?? ''}
            onChange={(e) => setPlain({ ...plain, [name]: e.target.value })}
            data-testid={`${testId}-${name}`}
          />
        </Field>
      ))}
      {SECRETS[p].map((secret) => {
        const isSet = Boolean(values[secret.set]);
        const value = secrets[secret.name];
        const label = secret.label ?? tr.t(`admin.payments.${secret.name}`);
        return (
          <Field
            key={secret.name}
            label={label}
            htmlFor={`${testId}-${secret.name}`}
            hint={isSet ? tr.t('admin.payments.keepSecret') : undefined}
          >
            <div className="flex items-center gap-2">
              <input
                id={`${testId}-${secret.name}`}
                type="password"
                className={field}
                dir="ltr"
                autoComplete="new-password"
                disabled={value === null}
                placeholder={isSet ? '••••••••' : tr.t('admin.payments.secretNotSet')}
                value={value ?? ''}
                onChange={(e) => setSecrets({ ...secrets, [secret.name]: e.target.value })}
                data-testid={`${testId}-${secret.name}`}
              />
              <Badge on={isSet} yes="✓" no="—" testId={`${testId}-${secret.name}-set`} />
            </div>
            {isSet && (
              <label className="flex items-center gap-2 text-sm text-slate-600">
                <input
                  type="checkbox"
                  checked={value === null}
                  onChange={(e) => setSecrets({ ...secrets, [secret.name]: e.target.checked ? null : '' })}
                />
                {tr.t('admin.payments.removeSecret')}
              </label>
            )}
          </Field>
        );
      })}
      {saved && (
        <p role="status" className="text-sm text-emerald-700" data-testid={`${testId}-saved`}>
          {tr.t('admin.payments.saved')}
        </p>
      )}
      <SaveBar saving={state.saving} error={state.error} onReload={onReload} />
      {account.configured && <AuditTrail objectType="payment-account" objectId={p} />}
    </form>
  );
}
