import { useState, type FormEvent } from 'react';
import type { GeocoderKeyState } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { Field, SaveBar } from '../form.tsx';

/**
 * The brand's own geocoder key (issue 29; the owner's, area `paymentAccounts`): whether one is set, never the key
 * itself. Typing a key sets or replaces it; "remove" clears it. API: GET/PUT /api/admin/v1/geocoder-key.
 */
export function GeocoderKeyScreen() {
  const tr = useT();
  const state = useLoad(() => adminCall<GeocoderKeyState>('GET', '/geocoder-key'), []);
  const [key, setKey] = useState('');
  const [saved, setSaved] = useState(false);
  const [sending, setSending] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  if (state.loading && !state.data) return <Loading />;
  if (!state.data) return <ErrorNote error={state.error} onRetry={state.reload} />;
  const configured = state.data.configured;

  const send = (value: string | null) => {
    setSending({ saving: true, error: null });
    setSaved(false);
    adminCall<GeocoderKeyState>('PUT', '/geocoder-key', { key: value }).then(
      (next) => {
        state.setData(next);
        setKey('');
        setSaved(true);
        setSending({ saving: false, error: null });
      },
      (error: unknown) => setSending({ saving: false, error }),
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (key.trim()) send(key.trim());
  };

  return (
    <div className="flex max-w-xl flex-col gap-3" data-testid="admin-geocoder">
      <h1 className="text-xl font-semibold">{tr.t('admin.nav.geocoder')}</h1>
      <p className="text-sm text-slate-600">{tr.t('admin.geocoder.intro')}</p>
      <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <p>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${configured ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}
            data-testid="geocoder-configured"
            data-on={configured}
          >
            {tr.t(configured ? 'admin.geocoder.set' : 'admin.geocoder.notSet')}
          </span>
        </p>
        <Field
          label={tr.t(configured ? 'admin.geocoder.replace' : 'admin.geocoder.key')}
          htmlFor="geocoder-key"
          hint={tr.t('admin.geocoder.hint')}
        >
          <input
            id="geocoder-key"
            data-testid="geocoder-key"
            type="password"
            autoComplete="off"
            dir="ltr"
            className={field}
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              setSaved(false);
            }}
          />
        </Field>
        <SaveBar saving={sending.saving} error={sending.error} />
        {configured && (
          <button
            type="button"
            className={`${btn.danger} self-start`}
            data-testid="geocoder-remove"
            disabled={sending.saving}
            onClick={() => send(null)}
          >
            {tr.t('admin.geocoder.remove')}
          </button>
        )}
        {saved && (
          <p role="status" className="text-sm text-emerald-700" data-testid="geocoder-saved">
            {tr.t('admin.geocoder.saved')}
          </p>
        )}
      </form>
    </div>
  );
}
