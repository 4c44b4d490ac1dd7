import { formatDate, zonedDay, type ArrivalEstimate } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useNumberText } from '../catalogue/price.ts';
import { ClockIcon } from '../ui/icons.tsx';

/** `HH:MM` on the branch's clock, with its day `dd.mm.yyyy` in front when that is not today there. */
export function etaClock(iso: string, timeZone: string | undefined, now = new Date()): string {
  const full = formatDate(iso, { withTime: true, timeZone });
  const zone = timeZone ?? 'Asia/Tashkent';
  return zonedDay(new Date(iso), zone) === zonedDay(now, zone) ? full.slice(11) : full;
}

/** The words of an estimate (domain eta.ts): "≈ 35–45 min", "Ready at 13:25", the chosen slot; "running a little late" after a missed one. */
export function useEtaText(): (eta: ArrivalEstimate, timeZone: string | undefined) => string {
  const { t } = useTranslation();
  const numberText = useNumberText();
  return (eta, timeZone) => {
    const time = etaClock(eta.at, timeZone);
    const main =
      eta.kind === 'delivery'
        ? t('eta.delivery', { from: String(eta.minMinutes), to: String(eta.maxMinutes) })
        : t(eta.kind === 'pickup' ? 'eta.pickup' : 'eta.scheduled', { time });
    return numberText(eta.overdue ? `${main} · ${t('eta.late')}` : main);
  };
}

/**
 * One line: when it should come, the same words at checkout, on the confirm page and on the order's page. The
 * estimate is the server's (the quote's, the order's), so every screen says what the order will be held to.
 */
export function ArrivalEstimateLine({ eta, timeZone, testId }: { eta: ArrivalEstimate; timeZone: string | undefined; testId: string }) {
  const { t } = useTranslation();
  const text = useEtaText();
  return (
    <p
      data-testid={testId}
      data-kind={eta.kind}
      data-min={eta.minMinutes}
      data-max={eta.maxMinutes}
      data-overdue={eta.overdue || undefined}
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl bg-brand/12 px-3.5 py-2.5 text-[15px]"
    >
      <ClockIcon size={18} className="shrink-0" />
      <span className="text-muted">{t('eta.title')}</span>
      <span className="ms-auto font-bold whitespace-nowrap">
        <bdi>{text(eta, timeZone)}</bdi>
      </span>
    </p>
  );
}
