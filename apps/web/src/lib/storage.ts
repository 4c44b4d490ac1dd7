/** localStorage and sessionStorage throw in some webviews and private modes; the storefront must still open. */
export function readStored(key: string, store: 'local' | 'session' = 'local'): string | null {
  try {
    return (store === 'local' ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string, store: 'local' | 'session' = 'local'): void {
  try {
    (store === 'local' ? localStorage : sessionStorage).setItem(key, value);
  } catch {
    // Full or forbidden storage: the value is simply not remembered.
  }
}

export function clearStorages(): void {
  try {
    localStorage.clear();
  } catch {
    // nothing to clear
  }
  try {
    sessionStorage.clear();
  } catch {
    // nothing to clear
  }
}
