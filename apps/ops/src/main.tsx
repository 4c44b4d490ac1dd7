import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unlockAudioOnFirstGesture } from './alerts.ts';
import { App } from './app.tsx';
import { storedLang } from './i18n.ts';
import './index.css';

document.documentElement.lang = storedLang();
unlockAudioOnFirstGesture();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
