// The app's logger: request lines without the OAuth callback's secrets, and the same redaction
// list as the workers' logger.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS } from '@scrapper/contracts/rules/log-redaction';
import type { AppDeps } from '../app-deps.ts';

/** Request logs keep the OAuth callback's code and state out: a code in a log is a grant. */
export function withoutOAuthSecrets(url: string): string {
  return url.replace(/([?&](?:code|state)=)[^&#]*/g, '$1[redacted]');
}

export function loggerOptions(deps: Pick<AppDeps, 'env' | 'logStream'>): FastifyServerOptions['logger'] {
  return {
    level: deps.env.logLevel,
    ...(deps.logStream ? { stream: deps.logStream } : {}),
    // The same list as the workers' logger.
    redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withoutOAuthSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
  };
}
