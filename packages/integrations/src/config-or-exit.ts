// How the API and the workers start on a wrong configuration: one readable message, no stack.
import { EnvError } from '@scrapper/contracts/rules/env-values';

/**
 * The process's configuration; on an EnvError (the operator's settings), its message on stderr
 * under the process's name, and exit code 1. Any other error is thrown on.
 */
export function configOrExit<T>(processName: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`[${processName}] ${error.message}`);
    process.exit(1);
  }
}
