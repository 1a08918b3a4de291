// The launcher (apps/launcher, `npm start`) starts the API and the workers with an IPC channel
// open. When it goes away, even by SIGKILL, the channel closes, and so must they: no process of
// a stopped product is left holding its port or its jobs.

export interface LauncherLink {
  /**
   * What to do when the launcher goes away (a graceful close, once the process can do one);
   * run at once if it went away already. Until this is called, the process just exits.
   */
  whenGone(handler: () => void): void;
}

/**
 * Watches the launcher from the first moment (call it at the top of the process's main module).
 * A process not started by the launcher (no IPC channel) is never told anything.
 */
export function followLauncher(): LauncherLink {
  let isGone = false;
  let onGone: () => void = () => process.exit(0);
  if (typeof process.send === 'function') {
    if (!process.connected) process.exit(0);
    process.on('disconnect', () => {
      isGone = true;
      onGone();
    });
  }
  return {
    whenGone(handler) {
      onGone = handler;
      if (isGone) handler();
    },
  };
}
