import { builtinEnvironments } from 'vitest/environments';
import type { Environment } from 'vitest/environments';

/**
 * jsdom, but keeping Node's AbortController and AbortSignal. jsdom installs its own, and
 * Node 24's fetch `Request` (which ky and react-router construct) refuses a signal that is
 * not Node's: every request and every router navigation would fail in the tests while
 * working in real browsers, where there is only one implementation.
 */
const environment: Environment = {
  name: 'jsdom-node-abort',
  transformMode: 'web',
  async setup(global: typeof globalThis, options) {
    const { AbortController, AbortSignal } = global;
    const jsdom = await builtinEnvironments.jsdom.setup(global, options);
    Object.assign(global, { AbortController, AbortSignal });
    return jsdom;
  },
};

export default environment;
