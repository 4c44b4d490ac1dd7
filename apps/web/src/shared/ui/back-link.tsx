import { Link } from 'react-router';
import { ChevronStartIcon } from '../session/flow-icons.tsx';

/** The link back at the top of a page of the profile (its orders, addresses, cards), pointing the reading way. */
export function BackLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Link to={to} data-testid={testId} className="inline-flex h-10 items-center gap-1 rounded-xl px-1 text-[15px] font-semibold text-muted hover:text-ink">
      <ChevronStartIcon size={20} className="rtl:-scale-x-100" />
      {label}
    </Link>
  );
}
