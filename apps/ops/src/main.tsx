import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { unlockAudioOnFirstGesture } from './alerts.ts';
import { App } from './app.tsx';
import { startI18n, storedLang } from './i18n.ts';
import './index.css';

unlockAudioOnFirstGesture();

// The console is drawn once its language's words are loaded (they also set <html lang dir>).
void startI18n(storedLang()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* Served under /ops (vite's base; apps/api/src/web/ops-console.ts answers index.html for any path under it). */}
      <BrowserRouter basename="/ops">
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
