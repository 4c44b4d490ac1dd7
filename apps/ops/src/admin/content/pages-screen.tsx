import { useState, type FormEvent } from 'react';
import { PolicyWrite, type AdminPolicy, type LocalizedText } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { ErrorNote, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { LocalizedFields, SaveBar } from '../form.tsx';

/**
 * The back office's pages (issue 28): the public offer and terms, the privacy policy and the page about the brand,
 * each a text in ru, uz and eng side by side with the missing ones marked; a page the brand lacks is marked too. A
 * save sends the version read (0 for a page not written yet), so a stale one is offered to be loaded again.
 */
export function PagesScreen() {
  const tr = useT();
  const list = useLoad(() => adminCall<{ content: AdminPolicy[] }>('GET', '/policies'), []);
  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <ErrorNote error={list.error} onRetry={list.reload} />;
  return (
    <div className="flex flex-col gap-4" data-testid="admin-pages">
      <h1 className="text-xl font-semibold">{tr.t('admin.nav.pages')}</h1>
      <p className="text-sm text-slate-600">{tr.t('admin.content.pagesHint')}</p>
      {(list.data?.content ?? []).map((policy) => (
        <PolicyForm
          key={`${policy.kind}:${policy.version}`}
          policy={policy}
          onSaved={(saved) => list.setData((all) => all && { content: all.content.map((p) => (p.kind === saved.kind ? saved : p)) })}
          onReload={list.reload}
        />
      ))}
    </div>
  );
}

function PolicyForm({ policy, onSaved, onReload }: { policy: AdminPolicy; onSaved: (saved: AdminPolicy) => void; onReload: () => void }) {
  const tr = useT();
  const [text, setText] = useState<LocalizedText>(policy.text);
  const [state, setState] = useState<{ saving: boolean; error: unknown; problem: boolean }>({ saving: false, error: null, problem: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { version: policy.version, text };
    if (!PolicyWrite.safeParse(body).success) return setState({ saving: false, error: null, problem: true });
    setState({ saving: true, error: null, problem: false });
    adminCall<AdminPolicy>('PUT', `/policies/${policy.kind}`, body).then(onSaved, (error: unknown) =>
      setState({ saving: false, error, problem: false }),
    );
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3"
      data-testid={`policy-${policy.kind}`}
      data-version={policy.version}
    >
      <header className="flex flex-wrap items-baseline gap-2">
        <h2 className="flex-1 text-lg font-semibold">{tr.t(`admin.content.policy.${policy.kind}`)}</h2>
        {policy.exists ? (
          <span className="text-sm text-slate-500">{tr.t('admin.content.version', { n: policy.version })}</span>
        ) : (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-800" data-testid="policy-absent">
            {tr.t('admin.content.pageAbsent')}
          </span>
        )}
      </header>
      <LocalizedFields label={tr.t('admin.content.text')} value={text} onChange={setText} multiline testId={`policy-${policy.kind}-text`} />
      {state.problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {tr.t('admin.content.textNeeded')}
        </p>
      )}
      <SaveBar saving={state.saving} error={state.error} onReload={onReload} />
      {policy.exists && (
        <details>
          <summary className="cursor-pointer text-sm text-slate-600">{tr.t('admin.nav.audit')}</summary>
          <AuditTrail objectType="policy" objectId={policy.kind} />
        </details>
      )}
    </form>
  );
}
