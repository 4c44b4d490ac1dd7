import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { ChevronStartIcon } from '../../shared/session/flow-icons.tsx';

/** The frame of both login steps: a way back, the step's icon, title and text, then the form. */
export function AuthScreen({
  testId,
  back,
  icon,
  title,
  text,
  children,
}: {
  testId: string;
  back: { to: string; label?: string; state?: unknown };
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section data-testid={testId} className="mx-auto w-full max-w-md px-5 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <Link
        to={back.to}
        state={back.state}
        data-testid="auth-back"
        className="-ms-2 mb-6 inline-flex h-10 items-center gap-1 rounded-full ps-1 pe-3 text-sm font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-ink"
      >
        <ChevronStartIcon size={20} className="rtl:-scale-x-100" />
        {back.label ?? t('common.back')}
      </Link>
      <div className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand text-on-brand shadow-[0_10px_24px_-12px_var(--brand)]">
        {icon}
      </div>
      <h1 className="text-[28px] leading-tight font-extrabold tracking-tight text-balance">{title}</h1>
      <div className="mt-2 text-[15px] leading-relaxed text-muted text-pretty">{text}</div>
      <div className="mt-7">{children}</div>
    </section>
  );
}
