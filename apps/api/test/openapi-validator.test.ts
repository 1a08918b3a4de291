// The harness's response validator on a small document: it must refuse what the document does
// not allow (a status, a content type, a body), or the check of every integration answer proves
// nothing.
import { describe, expect, it } from 'vitest';
import { createResponseValidator } from './openapi-validator.ts';

const error = { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } };
const document = {
  openapi: '3.1.0',
  components: {
    schemas: {
      ErrorResponse: {
        type: 'object',
        properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } },
        required: ['statusCode', 'error', 'message'],
        additionalProperties: false,
      },
    },
  },
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, note: { type: ['string', 'null'] } }, required: ['id', 'note'] },
              },
            },
          },
          404: error,
        },
      },
    },
    '/api/things/all': { get: { responses: { 200: { description: 'ok', content: { 'text/plain': { schema: { type: 'string' } } } } } } },
    '/api/files/{id}': { get: { responses: { 200: { description: 'file', content: { 'video/*': { schema: { type: 'string', format: 'binary' } } } } } } },
  },
};

const validator = createResponseValidator(document);
const json = 'application/json; charset=utf-8';
const ID = '0b8e2f4c-7a1d-4c3e-9f6a-2d5b8c1e4f70';

describe('the response validator', () => {
  it('passes answers the document allows (nullable as a type array, literal paths before templates, media ranges)', () => {
    expect(validator.check({ method: 'GET', path: `/api/things/${ID}`, status: 200, contentType: json, text: JSON.stringify({ id: ID, note: null }) })).toBeUndefined();
    expect(validator.check({ method: 'GET', path: '/api/things/all', status: 200, contentType: 'text/plain', text: 'x' })).toBeUndefined();
    expect(validator.check({ method: 'GET', path: `/api/files/${ID}`, status: 200, contentType: 'video/mp4', text: undefined })).toBeUndefined();
    expect(validator.check({ method: 'GET', path: `/api/things/${ID}`, status: 404, contentType: json, text: '{"statusCode":404,"error":"Not Found","message":"x"}' })).toBeUndefined();
  });

  it('refuses a body its schema does not allow', () => {
    const problem = validator.check({ method: 'GET', path: `/api/things/${ID}`, status: 200, contentType: json, text: JSON.stringify({ id: 'not-a-uuid', note: 3 }) });
    expect(problem).toMatch(/does not match its schema/);
  });

  it('refuses a status the operation does not document, and a content type it does not declare', () => {
    expect(validator.check({ method: 'GET', path: `/api/things/${ID}`, status: 409, contentType: json, text: '{}' })).toMatch(/status 409 is not documented/);
    expect(validator.check({ method: 'GET', path: `/api/files/${ID}`, status: 200, contentType: 'application/json', text: '{}' })).toMatch(/content type application\/json is not one of/);
  });

  it('holds answers no operation owns to the error body (a 414 with extra fields fails)', () => {
    const fastify414 = JSON.stringify({ error: 'Bad Request', code: 'FST_ERR_MAX_PARAM_LENGTH', message: 'x', statusCode: 414 });
    expect(validator.check({ method: 'PUT', path: '/api/unknown/x', status: 414, contentType: 'application/json', text: fastify414 })).toMatch(/does not match/);
    expect(validator.check({ method: 'GET', path: '/api/unknown', status: 200, contentType: json, text: '{}' })).toMatch(/a success from a route the document does not have/);
  });
});
