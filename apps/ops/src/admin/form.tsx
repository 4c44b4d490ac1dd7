import { useId, type ReactNode } from 'react';
import { errorCodeOf } from '@dasturxon/client';
import type { LocalizedText } from '@dasturxon/domain/contracts';
import { useT } from '../i18n.ts';
import { btn, ErrorNote, field } from '../ui.tsx';

/* The back office's form pieces (issue 28): a labelled field, a text in the three content languages, the save bar. */

export const CONTENT_LANGS = ['ru', 'uz', 'eng'] as const;

export function Field({ label, hint, children, htmlFor }: { label: string; hint?: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium text-slate-700" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

/**
 * A text in ru, uz and eng side by side (stacked on a phone); an empty one is marked missing, so a translator sees
 * at a glance what is left. `required` marks the whole text missing while all three are empty.
 */
export function LocalizedFields({
  label,
  value,
  onChange,
  multiline = false,
  testId,
}: {
  label: string;
  value: LocalizedText;
  onChange: (next: LocalizedText) => void;
  multiline?: boolean;
  testId?: string;
}) {
  const tr = useT();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid gap-2 md:grid-cols-3">
        {CONTENT_LANGS.map((lang) => {
          const text = value[lang] ?? '';
          const missing = !text.trim();
          const inputId = `${id}-${lang}`;
          const props = {
            id: inputId,
            value: text,
            'data-lang': lang,
            dir: 'auto',
            'aria-invalid': missing || undefined,
            onChange: (e: { target: { value: string } }) => onChange({ ...value, [lang]: e.target.value }),
            className: `${field} ${missing ? 'border-amber-400 bg-amber-50' : ''}`,
          };
          return (
            <div key={lang} className="flex flex-col gap-0.5">
              <label htmlFor={inputId} className="flex items-center gap-2 text-xs uppercase text-slate-500">
                {lang}
                {missing && (
                  <span className="rounded bg-amber-100 px-1.5 text-[0.7rem] normal-case text-amber-800" data-testid="missing-translation">
                    {tr.t('admin.form.missing')}
                  </span>
                )}
              </label>
              {multiline ? <textarea rows={4} {...props} /> : <input type="text" {...props} />}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Whether an error is a stale write (409 VERSION_CONFLICT): someone saved the object after it was read. */
export const isStale = (error: unknown): boolean => errorCodeOf(error) === 'VERSION_CONFLICT';

/**
 * The foot of a form: save (and cancel), the error of the last try in the console's language; on a stale write it
 * offers to load the object as it is now (what was typed is lost only when the user asks).
 */
export function SaveBar({
  saving,
  error,
  onCancel,
  onReload,
  saveLabel,
}: {
  saving: boolean;
  error: unknown;
  onCancel?: () => void;
  onReload?: () => void;
  saveLabel?: string;
}) {
  const tr = useT();
  return (
    <div className="flex flex-col gap-2">
      {error ? <ErrorNote error={error} {...(isStale(error) && onReload ? { onRetry: onReload } : {})} /> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={btn.primary} disabled={saving} data-testid="save">
          {saving ? tr.t('admin.form.saving') : (saveLabel ?? tr.t('admin.form.save'))}
        </button>
        {onCancel && (
          <button type="button" className={btn.secondary} onClick={onCancel}>
            {tr.t('admin.form.cancel')}
          </button>
        )}
      </div>
    </div>
  );
}
