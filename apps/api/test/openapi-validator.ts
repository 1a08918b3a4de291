// Checks an answer of the API against the OpenAPI document the app serves: the status must be
// documented for the operation, the content type must be one it declares, and a JSON body must
// match its schema (AJV, JSON Schema 2020-12 as OpenAPI 3.1 uses). The harness runs every answer
// of every integration test through this, so the document cannot drift from what routes send.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type JsonObject = Record<string, any>;

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal segments first: `/history/all` wins over `/history/{id}`. */
  literalSegments: number;
  pointer: string;
  responses: Record<string, JsonObject>;
}

export interface Answer {
  method: string;
  /** Path without query string, as sent (percent-encoded). */
  path: string;
  status: number;
  contentType: string | null;
  /** The body as text (undefined when not read: binary content). */
  text: string | undefined;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const baseType = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase();

export function isJsonType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = baseType(contentType);
  return type === 'application/json' || type.endsWith('+json');
}

export interface ResponseValidator {
  /** What is wrong with this answer, or undefined when it matches the document. */
  check(answer: Answer): string | undefined;
}

export function createResponseValidator(document: JsonObject): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // zod names these checks as formats and also writes the `pattern` that enforces them.
  for (const format of ['starts_with', 'ends_with', 'includes']) ajv.addFormat(format, true);
  ajv.addSchema(document, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const schemaAt = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`openapi#${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      compiled.set(pointer, validate);
    }
    return validate;
  };

  const operations: Operation[] = [];
  for (const [template, item] of Object.entries<JsonObject>(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      const segments = template.split('/');
      const pattern = new RegExp(
        `^${segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
      );
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern,
        literalSegments: segments.filter((s) => !s.startsWith('{')).length,
        pointer: `/paths/${escapePointer(template)}/${method}`,
        responses: operation.responses ?? {},
      });
    }
  }
  operations.sort((a, b) => b.literalSegments - a.literalSegments);

  function checkBody(answer: Answer, pointer: string, where: string): string | undefined {
    if (answer.text === undefined || answer.text === '') return undefined;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `${where}: the body is not JSON although it says ${answer.contentType}`;
    }
    const validate = schemaAt(pointer);
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
    return `${where}: the body does not match its schema: ${errors.join('; ')}; body: ${answer.text.slice(0, 300)}`;
  }

  return {
    check(answer) {
      const method = answer.method.toUpperCase() === 'HEAD' ? 'GET' : answer.method.toUpperCase();
      if (method === 'OPTIONS') return undefined;
      const operation = operations.find((o) => o.method === method && o.pattern.test(answer.path));
      const where = `${answer.method} ${answer.path.slice(0, 120)} -> ${answer.status}`;
      if (!operation) {
        // Answers no operation owns (an unknown path, a wrong method, a path too long to
        // route): under /api they are errors, and errors have one body.
        if (!answer.path.startsWith('/api/') || answer.path.startsWith('/api/docs')) return undefined;
        if (answer.status < 400) return `${where}: a success from a route the document does not have`;
        if (!isJsonType(answer.contentType)) return `${where}: an error answered as ${answer.contentType}, not JSON`;
        return checkBody(answer, '/components/schemas/ErrorResponse', where);
      }
      const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => operation.responses[k]);
      if (!key) {
        return `${where}: status ${answer.status} is not documented for ${operation.method} ${operation.template} (documented: ${Object.keys(operation.responses).join(', ')})`;
      }
      const content = (operation.responses[key]?.content ?? {}) as Record<string, JsonObject>;
      const declared = Object.keys(content);
      if (answer.method.toUpperCase() === 'HEAD' || answer.status === 204 || answer.status === 304) return undefined;
      if (declared.length === 0) {
        return answer.text ? `${where}: a body where the document declares none` : undefined;
      }
      if (!answer.contentType) return answer.text ? `${where}: a body without a content type` : undefined;
      const type = baseType(answer.contentType);
      const match = declared.find((d) => {
        const want = baseType(d);
        return want === type || (want.endsWith('/*') && type.startsWith(want.slice(0, -1))) || want === '*/*';
      });
      if (!match) return `${where}: content type ${type} is not one of ${declared.join(', ')}`;
      if (!isJsonType(match)) return undefined;
      return checkBody(answer, `${operation.pointer}/responses/${key}/content/${escapePointer(match)}/schema`, where);
    },
  };
}
