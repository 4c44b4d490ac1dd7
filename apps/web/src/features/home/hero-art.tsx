/** A plate under a cloche with rising steam, drawn in the text colour of the hero at low strength. */
export function HeroArt({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 240" className={className} fill="none" stroke="currentColor" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="120" cy="150" r="96" strokeWidth="10" opacity=".5" />
      <circle cx="120" cy="150" r="66" strokeWidth="6" opacity=".35" />
      <path d="M62 150a58 58 0 0 1 116 0" strokeWidth="10" />
      <path d="M48 150h144" strokeWidth="10" />
      <circle cx="120" cy="84" r="8" strokeWidth="8" />
      <path d="M96 56c-8-10 8-16 0-28M124 48c-8-10 8-16 0-28M152 56c-8-10 8-16 0-28" strokeWidth="7" opacity=".7" />
    </svg>
  );
}
