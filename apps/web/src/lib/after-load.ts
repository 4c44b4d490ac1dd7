import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has loaded (its first-screen pictures included) and the browser has a
 * quiet moment: for work the first screen does not need, so it never competes with it for the
 * network or the processor. Returns a cancel function.
 */
export function whenIdleAfterLoad(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | null = null;
  const idle = () => {
    if (cancelled) return;
    idleHandle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(task, { timeout: 3000 })
        : window.setTimeout(task, 1500);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (idleHandle !== null) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
      else window.clearTimeout(idleHandle);
    }
  };
}

/** False for the first screen; true from the first quiet moment after the page has loaded. */
export function useIdleAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => (ready ? undefined : whenIdleAfterLoad(() => setReady(true))), [ready]);
  return ready;
}
