import type { ReactNode } from 'react';
import type { PaymentType } from '@dasturxon/domain';

/*
 * The mark of a payment type (docs/spec-index.md section 3: icons for cash, click, payme, paynet, rahmat, terminal, uzum and
 * other) beside its name at checkout, on the confirm page, on an order and in the orders list (issue 29): each provider
 * recognisable by its own colours and lowercase wordmark, a banknote for cash and a card terminal for the terminal. Our
 * own small drawings (a few hundred bytes, no image files), not the providers' artwork. A card-shaped 3:2 tile.
 */

const FONT = { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', fontWeight: 800 } as const;

/** A wordmark centred on its tile; `textLength` keeps it inside the tile whatever the font. */
const word = (text: ReactNode, fill: string, size = 14, x = 24, width = 36) => (
  <text x={x} y="20.5" textAnchor="middle" fontSize={size} fill={fill} textLength={width} lengthAdjust="spacingAndGlyphs" style={FONT}>
    {text}
  </text>
);

const tile = (fill: string, stroke?: string) => (
  <rect x="0.5" y="0.5" width="47" height="31" rx="7" fill={fill} stroke={stroke ?? fill} strokeWidth="1" />
);

const CLICK = (
  <>
    {tile('#0a7cff')}
    <circle cx="11.5" cy="16" r="5" fill="none" stroke="#fff" strokeWidth="2.6" />
    <circle cx="11.5" cy="16" r="1.6" fill="#fff" />
    {word('click', '#fff', 12.5, 30.5, 24)}
  </>
);

const MARKS: Partial<Record<PaymentType, ReactNode>> = {
  PAYME: (
    <>
      {tile('#fff', '#cfe9ea')}
      {word(
        <>
          <tspan fill="#0d2b3e">pay</tspan>
          <tspan fill="#00b4b8">me</tspan>
        </>,
        '#0d2b3e',
        14,
        24,
        38,
      )}
    </>
  ),
  CLICK,
  CLICK_MINI_APP: CLICK,
  UZUM: (
    <>
      {tile('#7000ff')}
      {word('uzum', '#fff', 14.5, 24, 34)}
    </>
  ),
  PAYNET: (
    <>
      {tile('#1f9d55')}
      {word('paynet', '#fff', 12, 24, 38)}
    </>
  ),
  RAHMAT: (
    <>
      {tile('#e8590c')}
      {word('rahmat', '#fff', 12, 24, 38)}
    </>
  ),
  PAYZE: (
    <>
      {tile('#343a40')}
      {word('payze', '#fff', 13, 24, 36)}
    </>
  ),
  CASH: (
    <>
      {tile('#e6f4ea')}
      <rect x="7" y="8" width="34" height="16" rx="2.5" fill="#2f9e5a" />
      <rect x="10" y="11" width="28" height="10" rx="1.5" fill="none" stroke="#bfe6cc" strokeWidth="1" />
      <circle cx="24" cy="16" r="3.6" fill="#e6f4ea" />
    </>
  ),
  TERMINAL: (
    <>
      {tile('#e9edf3')}
      <rect x="15" y="4" width="18" height="24" rx="3.5" fill="#3b4452" />
      <rect x="18" y="7" width="12" height="7" rx="1" fill="#8fd0ff" />
      <path d="M19 18h2M23 18h2M27 18h2M19 21.5h2M23 21.5h2M27 21.5h2" stroke="#e9edf3" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
};

const OTHER = (
  <>
    {tile('#eef0f3')}
    <path d="M16 16h.01M24 16h.01M32 16h.01" stroke="#5b6472" strokeWidth="3.2" strokeLinecap="round" />
  </>
);

export function PaymentMark({ type, size = 28 }: { type: PaymentType; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-mark={type}
      viewBox="0 0 48 32"
      width={Math.round(size * 1.5)}
      height={size}
      className="shrink-0"
    >
      {MARKS[type] ?? OTHER}
    </svg>
  );
}
