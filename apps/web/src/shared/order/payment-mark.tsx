import type { PaymentType } from '@dasturxon/domain';
import { Icon } from '../ui/icons.tsx';

/**
 * The mark of a payment type (docs/spec-index.md section 3: icons for cash, click, payme, paynet, rahmat, terminal, uzum and
 * other) beside its name at checkout and on an order: a drawn note, card or dots for the kinds paid at hand-over,
 * and the provider's initial on its own colour for the online ones (our drawing, not the provider's logo).
 */
const PROVIDER_TILES: Partial<Record<PaymentType, { letter: string; color: string }>> = {
  PAYME: { letter: 'P', color: '#00a5a8' },
  CLICK: { letter: 'C', color: '#0a6cff' },
  CLICK_MINI_APP: { letter: 'C', color: '#0a6cff' },
  UZUM: { letter: 'U', color: '#7b2cf5' },
  PAYNET: { letter: 'P', color: '#1f9d55' },
  RAHMAT: { letter: 'R', color: '#e8590c' },
  PAYZE: { letter: 'P', color: '#343a40' },
};

export function PaymentMark({ type, size = 28 }: { type: PaymentType; size?: number }) {
  const tile = PROVIDER_TILES[type];
  if (tile) {
    return (
      <span
        aria-hidden="true"
        data-mark={type}
        className="grid shrink-0 place-items-center rounded-lg text-[13px] font-black text-white"
        style={{ width: size, height: size, background: tile.color }}
      >
        {tile.letter}
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      data-mark={type}
      className="grid shrink-0 place-items-center rounded-lg bg-surface-2 text-ink"
      style={{ width: size, height: size }}
    >
      <Icon size={Math.round(size * 0.65)}>
        {type === 'CASH' && (
          <>
            <rect x="2.5" y="6" width="19" height="12" rx="2" />
            <circle cx="12" cy="12" r="2.5" />
            <path d="M6 9.5v5M18 9.5v5" />
          </>
        )}
        {type === 'TERMINAL' && (
          <>
            <rect x="2.5" y="5" width="19" height="14" rx="2" />
            <path d="M2.5 9.5h19M6 15h4" />
          </>
        )}
        {type !== 'CASH' && type !== 'TERMINAL' && (
          <>
            <circle cx="6" cy="12" r="1.2" />
            <circle cx="12" cy="12" r="1.2" />
            <circle cx="18" cy="12" r="1.2" />
          </>
        )}
      </Icon>
    </span>
  );
}
