import './lib/zod-config.ts';
import '@scrapper/ui/styles.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { setExtensionTokenMinter, useSessionStore } from './stores/use-session-store.ts';

// The session is read from localStorage before the first render, so the first route already
// knows whether to show a page, 'Memuat...' or the login screen.
// The browser extension gets a token of its own (scope `cookies`), never the session; a 401
// here ends nothing (the extension is optional).
// The endpoint's contract and the API client are loaded when the extension first asks, not with
// the entry: they bring zod and most of the contracts, which the login page does not need
// (its JS budget, docs/benchmarks.md).
setExtensionTokenMinter(async () => {
  const [{ meTokenEndpoints }, { call }] = await Promise.all([import('@scrapper/contracts/http/me-tokens'), import('./lib/api-client.ts')]);
  return call(meTokenEndpoints.createExtensionToken, { logoutOnUnauthorized: false });
});
useSessionStore.getState().restore();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
