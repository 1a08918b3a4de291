// Every error becomes `{statusCode, error, message}`. Client mistakes keep their 4xx and a
// readable message; anything unexpected is logged and answered with a plain 500.
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { StorageFullError } from '@scrapper/integrations/storage/storage';
import { AppError } from '../lib/errors.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../lib/text-hygiene.ts';
import { isDatabaseUnavailable } from '../services/system/is-database-unavailable.ts';

/** Said when PostgreSQL cannot be reached: the request may simply be tried again shortly. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Basis data sedang tidak dapat dihubungi. Coba lagi dalam beberapa saat.';

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Body bukan JSON yang valid.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Body permintaan terlalu besar.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type tidak didukung.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length tidak sesuai dengan body.',
};

function body(statusCode: number, message: string, errorName?: string, detail?: string) {
  return { statusCode, error: errorName ?? STATUS_CODES[statusCode] ?? 'Error', message, ...(detail ? { detail } : {}) };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** SQLSTATE of a database error, drizzle's wrapper included. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A failed query as it may be logged: drizzle puts the bound parameters (user input, and in
 * places values that are secret before they are sealed) into the error's message and `params`.
 * The log keeps the statement, the SQLSTATE and the database's own message, not the values.
 */
export function errorLogFields(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object' || !('query' in error) || !('params' in error)) return { err: error };
  const e = error as unknown as Error & { query: unknown; cause?: unknown };
  const cause = e.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    // Not under `err`: pino's error serializer would rebuild it from the original message.
    dbError: {
      message: String(e.message).split('\nparams:')[0],
      query: e.query,
      code: cause?.code,
      cause: cause?.message,
      stack: e.stack?.replace(/\nparams:[^\n]*/g, ''),
    },
  };
}

/**
 * Errors Fastify answers before any route runs (a path parameter longer than the router takes,
 * a URL that does not decode): the same error body as every other answer, not Fastify's own
 * (which has a `code` field, says 'Bad Request' for a 414 and repeats the whole URL).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send(body(414, 'Alamat terlalu panjang: ada bagian path yang melebihi batas panjang.'));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send(body(400, 'Alamat tidak valid: ada bagian path yang tidak dapat dibaca.'));
  } else {
    reply.code(500).send(body(500, 'Terjadi kesalahan pada server.'));
  }
}

export const errorHandlerPlugin = fp(async (app) => {
  // Text the database cannot hold (NUL, lone surrogates) is refused before validation, in
  // params, query and JSON bodies alike, so it answers 400 instead of failing a query later.
  // Callback style: an async hook costs a promise and a microtask turn on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const where = findUnstorableText(request.params, 'params') ?? findUnstorableText(request.query, 'query') ?? findUnstorableText(request.body, 'body');
    done(where ? new AppError(400, `${where}: ${UNSTORABLE_TEXT_MESSAGE}`) : undefined);
  });

  // JSON bodies: an empty body is "no body" (some clients send the header on a bare POST);
  // anything else must parse. Endpoints that need a body then fail validation with a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) => {
    let text: string;
    try {
      // Strict: invalid UTF-8 is refused instead of silently becoming U+FFFD.
      text = typeof raw === 'string' ? raw : utf8.decode(raw);
    } catch {
      return done(new AppError(400, 'Body bukan teks UTF-8 yang valid.'), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'Body bukan JSON yang valid.'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(body(error.statusCode, error.message, error.errorName, error.detail));
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
    // The store is out of room (disk or S3 quota): the request was fine, the server cannot keep
    // it now. The drivers already removed what they had written.
    if (error instanceof StorageFullError) {
      request.log.error(errorLogFields(error), 'storage full');
      return reply.code(507).send(body(507, error.message));
    }
    const sqlState = sqlStateOf(error);
    // A write that lost a race on a unique key: the caller may simply try again.
    if (sqlState === '23505') {
      request.log.warn(errorLogFields(error), 'unique violation');
      return reply.code(409).send(body(409, 'Data bentrok dengan perubahan lain. Muat ulang lalu coba lagi.'));
    }
    // Text PostgreSQL cannot store (bad encoding, NUL in JSON): the client's input, not our bug.
    if (sqlState === '22021' || sqlState === '22P05') {
      return reply.code(400).send(body(400, 'Teks berisi karakter yang tidak dapat disimpan.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(errorLogFields(error), 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(body(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error(errorLogFields(error), 'unhandled error');
    return reply.code(500).send(body(500, 'Terjadi kesalahan pada server.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(body(404, `Tidak ditemukan: ${request.method} ${request.url.split('?')[0]}`));
  });
});
