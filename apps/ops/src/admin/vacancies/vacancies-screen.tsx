import { useState, type FormEvent } from 'react';
import { pickText, type LocalizedText } from '@dasturxon/domain';
import type { AdminVacancy } from '@dasturxon/domain/contracts';
import { ADMIN, adminCall, errorText, readToken } from '../../api.ts';
import { dateTime, money } from '../../format.ts';
import { useT } from '../../i18n.ts';
import { btn, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { Field, LocalizedFields } from '../form.tsx';

type List<T> = { content: T[] };
interface Application {
  id: string;
  vacancyId: string;
  position: LocalizedText;
  name: string;
  phone: string;
  text: string;
  cv: { name: string; type: string; size: number } | null;
  createdAt: string;
}

interface FormState {
  position: LocalizedText;
  responsible: string;
  salary: string;
  requirements: LocalizedText;
  active: boolean;
}

const formOf = (v: AdminVacancy | null): FormState => ({
  position: v?.position ?? {},
  responsible: v?.responsible ?? '',
  salary: v?.salary === null || v?.salary === undefined ? '' : String(v.salary),
  requirements: v?.requirements ?? {},
  active: v?.active ?? true,
});

/** Downloads an application's CV with the staff token (a plain link would carry none). */
async function downloadCv(application: Application): Promise<void> {
  const res = await fetch(`${ADMIN}/vacancies/applications/${application.id}/cv`, {
    headers: { authorization: `Bearer ${readToken() ?? ''}` },
    cache: 'no-store',
  });
  if (!res.ok) throw new Error(`CV: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = application.cv?.name ?? 'cv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function VacancyForm({ vacancy, onDone }: { vacancy: AdminVacancy | null; onDone: () => void }) {
  const tr = useT();
  const [form, setForm] = useState<FormState>(() => formOf(vacancy));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const body = {
      position: form.position,
      responsible: form.responsible,
      salary: form.salary.trim() === '' ? null : Number(form.salary.replace(/\s/g, '')),
      requirements: form.requirements,
      branchId: vacancy?.branchId ?? null,
      active: form.active,
    };
    try {
      if (vacancy) await adminCall('PUT', `/vacancies/${vacancy.id}`, { ...body, version: vacancy.version });
      else await adminCall('POST', '/vacancies', body);
      onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="vacancy-form"
    >
      <LocalizedFields
        label={tr.t('admin.vacancies.position')}
        value={form.position}
        onChange={(position) => set({ position })}
        testId="vacancy-position"
      />
      <Field label={tr.t('admin.vacancies.responsible')}>
        <input
          className={field}
          value={form.responsible}
          onChange={(e) => set({ responsible: e.target.value })}
          data-testid="vacancy-responsible"
        />
      </Field>
      <Field label={tr.t('admin.vacancies.salary')} hint={tr.t('admin.vacancies.salaryHint')}>
        <input
          className={field}
          inputMode="numeric"
          value={form.salary}
          onChange={(e) => set({ salary: e.target.value })}
          data-testid="vacancy-salary"
        />
      </Field>
      <LocalizedFields
        label={tr.t('admin.vacancies.requirements')}
        value={form.requirements}
        onChange={(requirements) => set({ requirements })}
        multiline
        testId="vacancy-requirements"
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={form.active} onChange={(e) => set({ active: e.target.checked })} />
        {tr.t('admin.vacancies.active')}
      </label>
      {error !== null && <p className="text-sm text-red-700">{errorText(error, tr)}</p>}
      <div className="flex gap-2">
        <button type="submit" className={btn.primary} disabled={busy} data-testid="vacancy-save">
          {tr.t('admin.vacancies.save')}
        </button>
        <button type="button" className={btn.secondary} onClick={onDone}>
          {tr.t('admin.vacancies.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The back office's vacancies (issue 31): the brand's positions (add, change, open or close, delete) and the
 * applications customers sent from the storefront, newest first, each with its CV to download.
 */
export function VacanciesScreen() {
  const tr = useT();
  const list = useLoad(() => adminCall<List<AdminVacancy>>('GET', '/vacancies'), []);
  const applications = useLoad(() => adminCall<List<Application>>('GET', '/vacancies/applications'), []);
  const [editing, setEditing] = useState<{ vacancy: AdminVacancy | null; key: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async (v: AdminVacancy) => {
    if (!window.confirm(tr.t('admin.vacancies.confirmDelete'))) return;
    try {
      await adminCall('DELETE', `/vacancies/${v.id}?version=${v.version}`);
      list.reload();
      applications.reload();
    } catch (failure) {
      setProblem(errorText(failure, tr));
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="admin-vacancies">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{tr.t('admin.nav.vacancies')}</h1>
        <button
          type="button"
          className={btn.primary}
          data-testid="vacancy-add"
          onClick={() => setEditing({ vacancy: null, key: Date.now() })}
        >
          + {tr.t('admin.vacancies.new')}
        </button>
      </header>
      {problem && <p className="text-sm text-red-700">{problem}</p>}
      {editing && (
        <VacancyForm
          key={editing.key}
          vacancy={editing.vacancy}
          onDone={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {list.error ? (
        <ErrorNote error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="vacancy-rows">
          {list.data.content.map((v) => (
            <li
              key={v.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3"
              data-testid="vacancy-row"
            >
              <div>
                <div className="font-semibold">
                  {pickText(v.position, tr.lang)}
                  {!v.active && <span className="ms-2 text-sm font-normal text-slate-500">· {tr.t('admin.vacancies.closed')}</span>}
                </div>
                <div className="text-sm text-slate-600">
                  {v.salary === null ? tr.t('admin.vacancies.byAgreement') : money(v.salary, tr)} ·{' '}
                  {tr.t('admin.vacancies.applications', { count: v.applications })}
                </div>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={`${btn.small} border border-slate-300`}
                  onClick={() => setEditing({ vacancy: v, key: Date.now() })}
                >
                  {tr.t('admin.vacancies.edit')}
                </button>
                <button type="button" className={`${btn.small} border border-red-300 text-red-700`} onClick={() => void remove(v)}>
                  {tr.t('admin.vacancies.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-2 text-lg font-semibold">{tr.t('admin.vacancies.applicationsTitle')}</h2>
      {applications.error ? (
        <ErrorNote error={applications.error} onRetry={applications.reload} />
      ) : !applications.data ? (
        <Loading />
      ) : applications.data.content.length === 0 ? (
        <p className="text-slate-600">{tr.t('admin.vacancies.noApplications')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="application-rows">
          {applications.data.content.map((a) => (
            <li key={a.id} className="rounded-xl border border-slate-200 bg-white px-4 py-3" data-testid="application-row">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">
                  {a.name} · <span dir="ltr">{a.phone}</span>
                </span>
                <span className="text-sm text-slate-500">{dateTime(a.createdAt, tr)}</span>
              </div>
              <div className="text-sm text-slate-600">{pickText(a.position, tr.lang)}</div>
              {a.text && <p className="mt-1 text-sm whitespace-pre-line">{a.text}</p>}
              {a.cv && (
                <button
                  type="button"
                  className={`${btn.small} mt-2 border border-slate-300`}
                  data-testid="application-cv"
                  onClick={() => void downloadCv(a).catch((failure: unknown) => setProblem(errorText(failure, tr)))}
                >
                  {tr.t('admin.vacancies.downloadCv')}: {a.cv.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
