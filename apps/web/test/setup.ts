import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';

// The web tests run unisolated (vitest.config.ts): one worker runs many test files in turn, on
// the same loaded modules and the same window (test/jsdom-environment.ts empties the window for
// each file). What a file changes beyond that is undone here, so each file starts as the first.

// findBy* and waitFor wait up to 5 s instead of 1 s: they return as soon as the page shows what
// they look for, so this only changes how long a failure takes to be told. One second was a
// timing assertion in disguise: the YouTube page's chain of calls missed it on a loaded machine.
configure({ asyncUtilTimeout: 5_000 });

// The app's stores are module singletons: each file starts with them as a page just opened
// (restore() on the emptied storage also drops a pending session-expiry timer).
beforeAll(() => {
  useSessionStore.getState().restore();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  useToastStore.setState(useToastStore.getInitialState(), true);
});

// Testing Library's own automatic cleanup registers itself only in the file that first loads
// it; unmounting here covers every file (RTL_SKIP_AUTO_CLEANUP in vitest.config.ts).
afterEach(() => {
  cleanup();
  // Each test starts with empty storage; the session store reads it on restore().
  window.localStorage.clear();
});

// Fake timers, stubbed globals (fetch, window.open...) and env values end with their file.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
