import './index.css';

/*
 * The entry. A page the server drew is painted, and its largest picture fetched, before the app's code is even
 * asked for: on a slow network that code would otherwise share the line with the page's own first screen. Then
 * start() takes the page over. A page the browser draws alone (inside Telegram, say) starts at once.
 */
const root = document.getElementById('root');

function run(): void {
  if (!root) return;
  import('./app/start.tsx')
    .then(({ start }) => start(root))
    .catch((error: unknown) => {
      // The server's page stays readable; the console says why, and the next visit tries again.
      document.documentElement.dataset.ready = 'failed';
      console.error('The storefront could not load', error);
    });
}

/**
 * The first screen's largest picture (Picture's `loading="first"`) loaded and decoded, or given up on after 1.5 s.
 * Decoded, so that the next frames show it: a picture loaded but still being decoded (`decoding="async"`) is painted
 * a frame or more later, after the code would already have been asked for.
 */
function firstPicture(): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!img) return Promise.resolve();
  return new Promise((resolve) => {
    const decoded = () => void img.decode().then(resolve, resolve);
    if (img.complete) decoded();
    else {
      img.addEventListener('load', decoded, { once: true });
      img.addEventListener('error', () => resolve(), { once: true });
    }
    setTimeout(resolve, 1500);
  });
}

/**
 * After the next frame is painted: the second animation frame starts once the first has been drawn. At the latest
 * after 100 ms (a tab in the background paints no frames).
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
    setTimeout(resolve, 100);
  });
}

if (root?.firstElementChild) {
  void firstPicture().then(afterPaint).then(run);
} else run();
