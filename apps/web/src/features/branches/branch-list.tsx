import { Link } from 'react-router';
import { formatPhone, pickText, type Branch, type City } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { phoneHref } from '../../lib/links.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { ClockIcon, MapPinIcon } from '../../shared/ui/icons.tsx';
import { CheckIcon, PhoneIcon } from '../../shared/ui/more-icons.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { canChoose, hoursLine } from './branch-rules.ts';
import type { BranchPicker } from './use-branch-picker.ts';
import { StatusPill } from '../../shared/catalogue/branch-status.tsx';

/** The cities as chips: only when the merchant has more than one (docs/spec-index.md section 4). */
export function CitySelector({
  cities,
  cityId,
  onChange,
  className = '',
}: {
  cities: readonly City[];
  cityId: string | null;
  onChange: (id: string) => void;
  className?: string;
}) {
  const { t, language } = useTranslation();
  if (cities.length < 2) return null;
  return (
    <div
      role="radiogroup"
      aria-label={t('branches.city')}
      data-testid="city-selector"
      className={`flex gap-2 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${className}`}
    >
      {cities.map((c) => {
        const on = c.id === cityId;
        return (
          <button
            key={c.id}
            type="button"
            role="radio"
            aria-checked={on}
            data-testid="city-option"
            onClick={() => onChange(c.id)}
            className={`h-10 shrink-0 rounded-full px-4 text-[15px] font-semibold shadow-sm transition-colors ${on ? 'bg-ink text-bg' : 'bg-surface text-ink hover:bg-surface-2'}`}
          >
            {pickText(c.name, language)}
          </button>
        );
      })}
    </div>
  );
}

/** Today's pickup hours, or 'Today is a holiday'. */
export function BranchHours({ branch }: { branch: Branch }) {
  const { t } = useTranslation();
  const line = hoursLine(branch.today);
  if (line.kind === 'holiday') {
    return (
      <span data-testid="branch-holiday" className="font-semibold">
        {t('branches.holiday')}
      </span>
    );
  }
  return (
    <span data-testid="branch-hours">
      {t('branches.today')}{' '}
      <span dir="ltr" className="font-semibold tabular-nums">
        {line.kind === 'allDay' ? t('branches.allDay') : line.text}
      </span>
    </span>
  );
}

export function BranchFacts({ branch }: { branch: Branch }) {
  const { t } = useTranslation();
  const tel = phoneHref(branch.phone);
  return (
    <ul className="mt-3 flex flex-col gap-2 text-sm">
      <li className="flex items-start gap-2.5">
        <ClockIcon size={18} className="mt-px shrink-0 text-muted" />
        <BranchHours branch={branch} />
      </li>
      {branch.address && (
        <li className="flex items-start gap-2.5">
          <MapPinIcon size={18} className="mt-px shrink-0 text-muted" />
          <span className="text-muted">{branch.address}</span>
        </li>
      )}
      {tel && (
        <li className="flex items-center gap-2.5">
          <PhoneIcon size={18} className="shrink-0 text-muted" />
          <a
            href={tel}
            data-testid="branch-phone"
            aria-label={`${t('branches.call')} ${formatPhone(branch.phone)}`}
            className="relative z-10 font-semibold hover:underline"
          >
            <span dir="ltr">{formatPhone(branch.phone)}</span>
          </a>
        </li>
      )}
    </ul>
  );
}

export function SelectButton({
  branch,
  chosen,
  onChoose,
  className = '',
}: {
  branch: Branch;
  chosen: boolean;
  onChoose: (b: Branch) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const closed = !canChoose(branch);
  return (
    <button
      type="button"
      data-testid="branch-select"
      disabled={closed}
      onClick={() => onChoose(branch)}
      className={`inline-flex h-12 items-center justify-center gap-2 rounded-2xl px-5 text-[15px] font-bold transition-[filter,background-color] disabled:cursor-not-allowed ${
        chosen && !closed
          ? 'bg-surface-2 text-ink'
          : 'bg-brand text-on-brand hover:brightness-95 disabled:bg-surface-2 disabled:text-muted disabled:hover:brightness-100'
      } ${className}`}
    >
      {chosen && !closed && <CheckIcon size={18} />}
      {closed ? t('branches.closedNow') : chosen ? t('branches.selected') : t('branches.select')}
    </button>
  );
}

/** One branch: name, status, today's hours, address, phone and a Select button; greyed and not selectable while closed. */
export function BranchCard({ branch, chosen, onChoose }: { branch: Branch; chosen: boolean; onChoose: (b: Branch) => void }) {
  const { language } = useTranslation();
  const closed = !canChoose(branch);
  return (
    <li
      data-testid="branch-card"
      data-branch-id={branch.id}
      data-open={branch.isOpen ? 'true' : 'false'}
      data-holiday={branch.today.isHoliday ? 'true' : 'false'}
      data-chosen={chosen ? 'true' : 'false'}
      aria-disabled={closed || undefined}
      className={`flex flex-col rounded-3xl bg-surface p-4 transition-opacity ${closed ? 'opacity-55 grayscale' : ''} ${chosen ? 'ring-2 ring-brand' : ''}`}
    >
      <div className="flex items-start gap-3">
        <h3 className="min-w-0 flex-1 text-[17px] leading-snug font-bold">{pickText(branch.name, language)}</h3>
        <StatusPill branch={branch} />
      </div>
      <BranchFacts branch={branch} />
      <SelectButton branch={branch} chosen={chosen} onChoose={onChoose} className="mt-4 w-full" />
    </li>
  );
}

export function BranchListSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-3 md:grid-cols-2">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="h-[13.5rem] rounded-3xl bg-surface p-4">
          <div className="h-5 w-1/2 rounded-lg bg-surface-2 motion-safe:animate-pulse" />
          <div className="mt-4 h-4 w-3/4 rounded-lg bg-surface-2 motion-safe:animate-pulse" />
          <div className="mt-2 h-4 w-2/3 rounded-lg bg-surface-2 motion-safe:animate-pulse" />
          <div className="mt-2 h-4 w-1/2 rounded-lg bg-surface-2 motion-safe:animate-pulse" />
          <div className="mt-6 h-12 w-full rounded-2xl bg-surface-2 motion-safe:animate-pulse" />
        </li>
      ))}
    </ul>
  );
}

/** The list with its loading, failure and 'nothing found' states. */
export function BranchList({ picker }: { picker: BranchPicker }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (picker.isPending) return <BranchListSkeleton />;
  if (picker.error && !picker.branches.length) {
    return (
      <EmptyState
        testId="branches-error"
        framed
        icon={<MapPinIcon size={30} />}
        title={errorText(picker.error)}
        action={
          <Button size="sm" onClick={picker.refetch}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!picker.branches.length)
    return <EmptyState testId="branches-empty" framed icon={<MapPinIcon size={30} />} title={t('branches.nothingFound')} />;
  return (
    <ul data-testid="branch-list" className="grid gap-3 md:grid-cols-2">
      {picker.branches.map((b) => (
        <BranchCard key={b.id} branch={b} chosen={b.id === picker.chosenId} onChoose={picker.choose} />
      ))}
    </ul>
  );
}

/** List and Map, as a two-way switch. */
export function ViewToggle({ active }: { active: 'list' | 'map' }) {
  const { t } = useTranslation();
  const item = (to: string, key: 'list' | 'map', label: string) => (
    <Link
      to={to}
      replace
      aria-current={active === key ? 'page' : undefined}
      data-testid={`branches-view-${key}`}
      className={`flex h-9 items-center rounded-full px-4 text-sm font-bold transition-colors ${active === key ? 'bg-ink text-bg' : 'text-muted hover:text-ink'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('branches.view')} className="flex shrink-0 rounded-full bg-surface p-1 shadow-sm">
      {item('/branches', 'list', t('branches.list'))}
      {item('/branches/map', 'map', t('branches.map'))}
    </nav>
  );
}
