import { useEffect, useState } from 'react';

/** Whole seconds until a moment (0 once it has passed), ticking once a second; for resend countdowns. */
export function useSecondsLeft(until: number | null): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const tick = () => setSeconds(until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    if (until === null) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

/** `m:ss` for a countdown: 0:59, 1:30; `h:mm:ss` from an hour (a provider's payment window may be hours long). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const ss = String(s % 60).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}:${ss}`;
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${ss}`;
}
