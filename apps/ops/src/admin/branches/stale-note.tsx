import { useT } from '../../i18n.ts';
import { isStale } from '../form.tsx';

/** On a stale write (409 VERSION_CONFLICT): what happened and what the reload button above the save does, in plain words. */
export function StaleNote({ error }: { error: unknown }) {
  const tr = useT();
  if (!isStale(error)) return null;
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="branch-stale">
      {tr.t('admin.branches.stale')}
    </p>
  );
}
