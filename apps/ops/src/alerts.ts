/*
 * What a new order sounds and looks like outside the page: a short two-note chime made with the Web Audio API
 * (no audio file to load) and a browser notification where the staff member allowed them. Browsers start audio
 * and ask for permission only after a user gesture: the first click or key anywhere unlocks the sound, and the
 * alerts button asks for notifications.
 */

let audio: AudioContext | null = null;
const audioListeners = new Set<() => void>();

export function unlockAudio(): void {
  try {
    if (!audio) {
      audio = new AudioContext();
      audio.onstatechange = () => audioListeners.forEach((l) => l());
    }
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

/** For useSyncExternalStore: whether the chime can sound now. */
export const audioReady = (): boolean => audio?.state === 'running';
export function onAudioChange(listener: () => void): () => void {
  audioListeners.add(listener);
  return () => {
    audioListeners.delete(listener);
  };
}

/** Unlocks the sound at the first gesture on the page. */
export function unlockAudioOnFirstGesture(): void {
  const unlock = () => {
    unlockAudio();
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
  window.addEventListener('pointerdown', unlock);
  window.addEventListener('keydown', unlock);
}

export function chime(): void {
  if (!audio || audio.state !== 'running') return;
  const start = audio.currentTime + 0.02;
  [880, 1318.5].forEach((frequency, i) => {
    const at = start + i * 0.18;
    const osc = audio!.createOscillator();
    const gain = audio!.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.32);
    osc.connect(gain).connect(audio!.destination);
    osc.start(at);
    osc.stop(at + 0.34);
  });
}

export type NotifyPermission = NotificationPermission | 'unsupported';

export const notifyPermission = (): NotifyPermission => ('Notification' in window ? Notification.permission : 'unsupported');

/** Asks for notifications (call it from a click) and unlocks the sound on the way. */
export async function askForAlerts(): Promise<NotifyPermission> {
  unlockAudio();
  if (!('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'default') return Notification.requestPermission();
  return Notification.permission;
}

export function notify(title: string, body: string, tag: string, onClick: () => void): void {
  if (notifyPermission() !== 'granted') return;
  try {
    const n = new Notification(title, { body, tag });
    n.onclick = () => {
      window.focus();
      onClick();
      n.close();
    };
  } catch {
    // Android's Chrome allows notifications only through a service worker: the chime is enough there.
  }
}
