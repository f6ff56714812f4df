import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/mantine.css';
import './styles/global.css';
import { App } from './app';
import { HAND_OVER_AT_THE_LATEST_MS, showApp } from './lib/first-screen';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A transition: React renders the first screen in small slices instead of one long task that
// blocks the main thread (index.html's loading dots stay until it commits).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// A page started with the stored first screen shows the app even if its screen never says it is ready.
setTimeout(showApp, HAND_OVER_AT_THE_LATEST_MS);
