import type { ReactNode } from 'react';

/** The one look of every full-page message: not found, error, blocked, unavailable, landing. */
export function StatusScreen({
  testId,
  icon,
  code,
  eyebrow,
  title,
  text,
  detail,
  actions,
}: {
  testId: string;
  icon: ReactNode;
  code?: ReactNode;
  eyebrow?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  detail?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      className="mx-auto flex w-full max-w-md flex-col items-center px-5 py-14 text-center motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <div className="relative mb-6 grid size-24 place-items-center rounded-[2rem] bg-brand text-on-brand shadow-[0_12px_32px_-12px_var(--brand)]">
        {icon}
        {code && (
          <span className="absolute -end-3 -bottom-3 rounded-full border-4 border-bg bg-ink px-2.5 py-0.5 text-sm font-black text-bg">
            {code}
          </span>
        )}
      </div>
      {eyebrow && <p className="mb-1 text-sm font-semibold text-muted">{eyebrow}</p>}
      <h1 className="text-2xl leading-tight font-extrabold tracking-tight text-balance">{title}</h1>
      {text && <p className="mt-3 text-[15px] leading-relaxed text-muted text-pretty">{text}</p>}
      {detail && <div className="mt-4 max-w-full">{detail}</div>}
      {actions && <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>}
    </section>
  );
}
