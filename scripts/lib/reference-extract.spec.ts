import { describe, expect, it } from 'vitest';
import { referenceExtract } from './reference-extract.js';

const DOCUMENT = {
  openapi: '3.0.1',
  info: { title: 'The interface', description: 'Prose.' },
  tags: [{ name: 'Payments', description: 'Prose.' }],
  paths: {
    '/payments/{id}': {
      description: 'Prose.',
      get: {
        tags: ['Payments'],
        summary: 'Gets a payment.',
        description: 'Prose.',
        operationId: 'GetPayment',
        security: [{ Bearer: [] }],
        'x-internal': false,
        parameters: [{ name: 'id', in: 'path', required: true, description: 'Prose.', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The payment.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' }, example: {} } },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: { Bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Payment: {
        type: 'object',
        title: 'Payment',
        description: 'Prose.',
        required: ['id', 'description'],
        example: { id: 'p:1' },
        properties: {
          status: { type: 'string', enum: ['PENDING', 'DONE'], default: 'PENDING', description: 'Prose.' },
          id: { type: 'string', pattern: '^p:', example: 'p:1' },
          description: { type: 'string', description: 'A field named like an annotation.', maxLength: 140 },
          tags: { type: 'array', items: { type: 'string', 'x-internal': true } },
        },
      },
    },
  },
};

describe('referenceExtract', () => {
  const extract = referenceExtract(DOCUMENT) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, Record<string, unknown>> } & Record<string, unknown>;
  } & Record<string, unknown>;

  it('keeps the operations with their parameters and responses, without prose, tags or security', () => {
    expect(Object.keys(extract).sort()).toEqual(['components', 'openapi', 'paths']);
    expect(extract.paths['/payments/{id}']).toEqual({
      get: {
        operationId: 'GetPayment',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } } },
        },
      },
    });
  });

  it('keeps what a schema validates, names of fields like "description" and "tags" included', () => {
    expect(extract.components.schemas['Payment']).toEqual({
      type: 'object',
      required: ['id', 'description'],
      properties: {
        status: { type: 'string', enum: ['PENDING', 'DONE'], default: 'PENDING' },
        id: { type: 'string', pattern: '^p:' },
        description: { type: 'string', maxLength: 140 },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(Object.keys(extract.components).sort()).toEqual(['parameters', 'responses', 'schemas']);
  });

  it('sorts every object by key, whatever the order written', () => {
    const reordered = referenceExtract({ components: DOCUMENT.components, paths: DOCUMENT.paths, openapi: '3.0.1' });
    expect(JSON.stringify(reordered)).toBe(JSON.stringify(extract));
    const properties = Object.keys(extract.components.schemas['Payment']?.['properties'] as object);
    expect(properties).toEqual(['description', 'id', 'status', 'tags']);
  });
});
