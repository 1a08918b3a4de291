// Every error becomes `{statusCode, error, message}`. Client mistakes keep their 4xx and a
// readable message; anything unexpected is logged and answered with a plain 500.
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FastifyError } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { isDatabaseUnavailable } from '../services/system/is-database-unavailable.ts';

/** Said when PostgreSQL cannot be reached: the request may simply be tried again shortly. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Basis data sedang tidak dapat dihubungi. Coba lagi dalam beberapa saat.';

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Body bukan JSON yang valid.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Body permintaan terlalu besar.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type tidak didukung.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length tidak sesuai dengan body.',
};

function body(statusCode: number, message: string, errorName?: string) {
  return { statusCode, error: errorName ?? STATUS_CODES[statusCode] ?? 'Error', message };
}

export const errorHandlerPlugin = fp(async (app) => {
  // JSON bodies: an empty body is "no body" (some clients send the header on a bare POST);
  // anything else must parse. Endpoints that need a body then fail validation with a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'Body bukan JSON yang valid.'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(body(error.statusCode, error.message, error.errorName));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map((v) => {
          const where = [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.');
          return `${where}: ${v.message ?? 'tidak valid'}`;
        })
        .join('; ');
      return reply.code(400).send(body(400, message));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its contract');
      return reply.code(500).send(body(500, 'Terjadi kesalahan pada server.'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FRIENDLY[error.code]) || error.message;
      return reply.code(status).send(body(status, message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(body(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body(500, 'Terjadi kesalahan pada server.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(body(404, `Tidak ditemukan: ${request.method} ${request.url.split('?')[0]}`));
  });
});
