/**
 * OpenAPI 3.1 document generated from the endpoint table, so any other client can use the
 * service. Request schemas are written in their input form (what a client may send), responses
 * in their output form.
 */
import { z } from 'zod';
import type { EndpointDef } from './contract/endpoint.js';
import { ErrorBody } from './contract/errors.js';
import { API_PREFIX } from './client.js';

type Json = Record<string, unknown>;

const JSON_TYPES = ['application/json', 'text/json', 'application/*+json'];

const STATUS_TEXT: Record<number, string> = {
  400: 'Validation failed or bad request: `{message, errors}` naming the fields',
  401: 'Token missing, malformed, expired or forged: `{message}`',
  403: 'The signed-in role may not call this: `{message}`',
  404: 'Not found: `{message}`',
  409: 'Conflicts with the current state: `{message}`',
  429: 'Too many failed attempts: `{message}`, with Retry-After',
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete json.$schema;
  return json;
}

function parametersOf(where: 'path' | 'query', schema: z.ZodObject<z.ZodRawShape> | undefined): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

export interface OpenApiOptions {
  title?: string;
  version?: string;
  /** Operation names the serving implementation has built; others are marked `x-implemented: false`. */
  implemented?: ReadonlySet<string>;
}

export function buildOpenApi(endpoints: readonly EndpointDef[], options: OpenApiOptions = {}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const errorRef = { $ref: '#/components/schemas/ErrorBody' };
  for (const e of endpoints) {
    const responses: Record<string, Json> = {};
    const kind = e.responseKind ?? { kind: 'json' };
    if (kind.kind === 'json') {
      const schema = schemaOf(e.response, 'output');
      responses['200'] = {
        description: 'Success',
        content: Object.fromEntries(['application/json', 'text/json'].map((t) => [t, { schema }])),
      };
    } else {
      responses['200'] = {
        description: kind.kind === 'binary' ? 'Binary content' : 'Print document',
        content: Object.fromEntries(kind.contentTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
      };
    }
    const statuses = new Set<number>([400, ...(e.auth === 'public' ? [] : [401, 403]), ...(e.errors ?? [])]);
    for (const status of [...statuses].sort()) {
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: errorRef } },
      };
    }
    const operation: Json = {
      operationId: e.name.replace(/[^A-Za-z0-9]/g, '_'),
      tags: [e.group],
      summary: e.summary,
      parameters: [...parametersOf('path', e.params), ...parametersOf('query', e.query)],
      responses,
      'x-roles': e.auth === 'public' ? [] : [...e.auth],
    };
    if (e.note) operation.description = e.note;
    if (e.extension) {
      operation['x-extension'] = e.extension;
      operation.description = [`Extension to the spec: ${e.extension}`, e.note].filter(Boolean).join('\n\n');
    }
    if (e.auth !== 'public') operation.security = [{ bearer: [] }];
    else operation.security = [];
    if (options.implemented) operation['x-implemented'] = options.implemented.has(e.name);
    if (e.body) {
      const schema = schemaOf(e.body, 'input');
      operation.requestBody = {
        required: true,
        content: Object.fromEntries(JSON_TYPES.map((t) => [t, { schema }])),
      };
    }
    const path = e.path;
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Optical Retail Service API',
      version: options.version ?? 'v1',
      description:
        'JSON API for optical retail: customers and prescriptions, quick sale, orders, receipts, invoices. ' +
        'Identifiers are opaque `ENC_` strings; pass them back exactly as received.',
    },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas: { ErrorBody: schemaOf(ErrorBody, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
