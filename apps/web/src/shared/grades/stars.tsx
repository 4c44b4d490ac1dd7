import { GRADE_MAX } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { Icon, type IconProps } from '../ui/icons.tsx';

const StarIcon = (p: IconProps) => (
  <Icon fill="currentColor" stroke="none" {...p}>
    <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8L12 3Z" />
  </Icon>
);

const STEPS = Array.from({ length: GRADE_MAX }, (_, i) => i + 1);

/** A grade from 1 to 5 as stars: a radio group while it may be chosen, a picture of the grade otherwise. */
export function Stars({
  value,
  onChange,
  label,
  testId,
  size = 28,
}: {
  value: number | null;
  onChange?: (grade: number) => void;
  label: string;
  testId: string;
  size?: number;
}) {
  const { t } = useTranslation();
  if (!onChange)
    return (
      <span data-testid={testId} data-grade={value ?? 0} role="img" aria-label={t('grades.outOf', { grade: value ?? 0 })} className="flex">
        {STEPS.map((n) => (
          <StarIcon key={n} size={size} className={n <= (value ?? 0) ? 'text-amber-500' : 'text-line'} />
        ))}
      </span>
    );
  return (
    <span role="radiogroup" aria-label={label} data-testid={testId} data-grade={value ?? 0} className="flex gap-0.5">
      {STEPS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={t('grades.outOf', { grade: n })}
          data-testid={`${testId}-${n}`}
          onClick={() => onChange(n)}
          className="grid size-11 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          <StarIcon size={size} className={value !== null && n <= value ? 'text-amber-500' : 'text-line'} />
        </button>
      ))}
    </span>
  );
}
