import { builtinEnvironments, populateGlobal } from 'vitest/environments';
import type { Environment } from 'vitest/environments';

/**
 * vitest's jsdom, with two changes.
 *
 * Node's AbortController and AbortSignal stay. jsdom installs its own, and Node 24's fetch
 * `Request` (which ky and react-router construct) refuses a signal that is not Node's: every
 * request and every router navigation would fail in the tests while working in real browsers,
 * where there is only one implementation.
 *
 * One window per worker thread. The web tests run unisolated (vitest.config.ts): a worker keeps
 * its loaded modules from one test file to the next, and modules keep what they took from the
 * window when they were loaded (Testing Library's `screen` is bound to `document.body`). So the
 * window is made once and each test file gets it back as a page just opened: empty document,
 * empty storage, no cookies, at the start URL. What the app itself keeps in module state (its
 * stores) is reset by test/setup.ts. With isolation on, each file has a thread of its own and
 * so a window of its own, as with vitest's plain jsdom.
 */

let window: (Window & typeof globalThis) | undefined;
let startUrl = '';

async function openWindow(options: Record<string, unknown>): Promise<Window & typeof globalThis> {
  // vitest's jsdom builds the window from the project's options, onto a scratch object: only
  // the window is kept (its teardown, which closes the window, is never run).
  const scratch = {} as typeof globalThis & { jsdom: { window: Window & typeof globalThis } };
  await builtinEnvironments.jsdom.setup(scratch, options);
  return scratch.jsdom.window;
}

/** The window as a newly opened page: what one test file left behind is gone. */
function freshPage(win: Window & typeof globalThis): void {
  const { document } = win;
  // The same <html>, <head> and <body> elements (modules hold them), emptied.
  for (const element of [document.documentElement, document.head, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.head.replaceChildren();
  document.body.replaceChildren();
  win.localStorage.clear();
  win.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  win.history.replaceState(null, '', startUrl);
}

const environment: Environment = {
  name: 'jsdom-node-abort',
  transformMode: 'web',
  async setup(global: typeof globalThis, options) {
    const { AbortController, AbortSignal } = global;
    if (window) {
      freshPage(window);
    } else {
      window = await openWindow(options);
      startUrl = window.location.href;
    }
    const { keys, originals } = populateGlobal(global, window, { bindFunctions: true });
    Object.assign(global, { AbortController, AbortSignal });
    return {
      teardown(target: typeof globalThis) {
        // What vitest's jsdom teardown does, less closing the window.
        for (const key of keys) Reflect.deleteProperty(target, key);
        originals.forEach((value, key) => Reflect.set(target, key, value));
      },
    };
  },
};

export default environment;
