import { afterEach } from 'vitest';

// Each test starts with empty storage; the session store reads it on restore().
afterEach(() => {
  window.localStorage.clear();
});
