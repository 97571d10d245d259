import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';

/**
 * Every bound the served document states on a parameter is one the gateway holds: a query
 * parameter or header one character (or one entry) past its bound is refused with a 400 that
 * names it, and a path parameter past the router's bound is refused (414) before any route runs. The document is read
 * from the running gateway, so a bound added to a DTO without its check (or the reverse) fails.
 */

interface Schema {
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly maxLength?: number;
  readonly maxItems?: number;
  readonly minimum?: number;
  readonly example?: unknown;
  readonly pattern?: string;
  readonly format?: string;
  readonly items?: Schema;
}

interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path' | 'cookie';
  readonly required?: boolean;
  readonly schema?: Schema;
}

interface Operation {
  readonly operationId?: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: BodySchema }> };
}

interface BodySchema extends Schema {
  readonly $ref?: string;
  readonly properties?: Record<string, BodySchema>;
  readonly items?: BodySchema;
  readonly allOf?: readonly BodySchema[];
  readonly oneOf?: readonly BodySchema[];
  readonly anyOf?: readonly BodySchema[];
}

/** A field of a request body with a stated bound, and a body that breaks it alone. */
interface BodyProbe {
  readonly label: string;
  readonly field: string;
  readonly body: unknown;
}

interface Probe {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly parameter: Parameter;
  readonly query: [string, string][];
  readonly headers: Record<string, string>;
}

/** Node's default limit on a request's head (request line and headers). */
const NODE_MAX_HEADER_BYTES = 16 * 1024;

let gateway: TestGateway;
let member: TestMember;
let paths: Record<string, Record<string, Operation>>;
let schemas: Record<string, BodySchema>;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway);
  const served = await fetch(`${gateway.apiUrl}/openapi.json`);
  const document = (await served.json()) as { paths: typeof paths; components: { schemas: typeof schemas } };
  paths = document.paths;
  schemas = document.components.schemas;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
});

/** A value the parameter takes, for the required parameters beside the one probed. */
function acceptedValue(schema: Schema): string {
  if (schema.enum !== undefined) return schema.enum[0] ?? '';
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  if (typeof schema.example === 'string' || typeof schema.example === 'number') return String(schema.example);
  return 'x';
}

/** A text longer than `maxLength` by one, of a character every text rule takes (digits for digit patterns). */
function overlong(schema: Schema): string {
  const character = schema.pattern?.startsWith('^\\d') === true ? '1' : 'a';
  return character.repeat((schema.maxLength ?? 0) + 1);
}

function withPath(template: string, parameters: readonly Parameter[], override?: [string, string]): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (override?.[0] === name) return override[1];
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    return parameter?.schema?.enum?.[0] ?? 'x1';
  });
}

/** One probe per stated bound on a query parameter or header: the parameter past it, the rest accepted. */
function boundProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const [template, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const others = (skip: Parameter): { query: [string, string][]; headers: Record<string, string> } => {
        const query: [string, string][] = [];
        const headers: Record<string, string> = {};
        for (const p of parameters) {
          if (p === skip || p.required !== true || p.schema === undefined) continue;
          const value = acceptedValue(p.schema.type === 'array' ? (p.schema.items ?? {}) : p.schema);
          if (p.in === 'query') query.push([p.name, value]);
          if (p.in === 'header') headers[p.name] = value;
        }
        return { query, headers };
      };
      for (const parameter of parameters) {
        const schema = parameter.schema ?? {};
        if (parameter.in !== 'query' && parameter.in !== 'header') continue;
        const { query, headers } = others(parameter);
        const path = withPath(template, parameters);
        const base = { method: method.toUpperCase(), path, parameter };
        if (schema.type === 'string' && schema.enum === undefined && schema.maxLength !== undefined) {
          const value = overlong(schema);
          if (parameter.in === 'query') query.push([parameter.name, value]);
          else headers[parameter.name] = value;
          probes.push({
            ...base,
            label: `${base.method} ${template} ${parameter.name} longer than ${schema.maxLength}`,
            query,
            headers,
          });
        }
        if (parameter.in === 'query' && schema.type === 'array' && schema.maxItems !== undefined) {
          const entry = acceptedValue(schema.items ?? {});
          probes.push({
            ...base,
            label: `${base.method} ${template} ${parameter.name} with more than ${schema.maxItems} entries`,
            query: [
              ...query,
              ...Array.from({ length: schema.maxItems + 1 }, (): [string, string] => [parameter.name, entry]),
            ],
            headers,
          });
          const itemMax = schema.items?.maxLength;
          if (itemMax !== undefined && schema.items?.enum === undefined)
            probes.push({
              ...base,
              label: `${base.method} ${template} ${parameter.name} with an entry longer than ${itemMax}`,
              query: [...query, [parameter.name, overlong(schema.items ?? {})]],
              headers,
            });
        }
      }
    }
  return probes;
}

function resolved(schema: BodySchema): BodySchema {
  const named = schema.$ref === undefined ? schema : resolved(schemas[schema.$ref.split('/').pop() ?? ''] ?? {});
  const first = named.allOf?.[0] ?? named.oneOf?.[0] ?? named.anyOf?.[0];
  return first === undefined || named.properties !== undefined ? named : resolved(first);
}

/**
 * Bodies that each break one stated bound of a request body (a string one character too long, an
 * array one entry too many), everything else left out: the 400 must name that field among the others.
 */
function bodyProbes(schema: BodySchema, path: string[] = [], seen: string[] = []): BodyProbe[] {
  const node = resolved(schema);
  const probes: BodyProbe[] = [];
  const nest = (value: unknown): unknown =>
    [...path].reverse().reduce<unknown>((inner, key) => (key === '[]' ? [inner] : { [key]: inner }), value);
  const field = path.filter((key) => key !== '[]').join('.');
  if (node.type === 'string' && node.enum === undefined && node.maxLength !== undefined)
    probes.push({ label: `${field} longer than ${node.maxLength}`, field, body: nest(overlong(node)) });
  if (node.type === 'array' && node.maxItems !== undefined) {
    const entry = node.items?.type === 'string' ? acceptedValue(node.items) : {};
    probes.push({
      label: `${field} with more than ${node.maxItems} entries`,
      field,
      body: nest(Array.from({ length: node.maxItems + 1 }, () => entry)),
    });
  }
  if (node.type === 'array' && node.items !== undefined) probes.push(...bodyProbes(node.items, [...path, '[]'], seen));
  const name = schema.$ref ?? '';
  if (name !== '' && seen.includes(name)) return probes;
  for (const [key, property] of Object.entries(node.properties ?? {}))
    probes.push(...bodyProbes(property, [...path, key], name === '' ? seen : [...seen, name]));
  return probes;
}

function urlOf(probe: Pick<Probe, 'path' | 'query'>): string {
  const search = new URLSearchParams(probe.query).toString();
  return `${gateway.apiUrl}${probe.path}${search === '' ? '' : `?${search}`}`;
}

describe('the bounds the document states', () => {
  it('are held on every query parameter and header: one past the bound is a 400 naming it', async () => {
    const probes = boundProbes();
    expect(probes.length).toBeGreaterThan(100);
    const missed: string[] = [];
    for (const probe of probes) {
      const body = probe.method === 'GET' || probe.method === 'DELETE' ? undefined : {};
      const url = urlOf(probe);
      const answer = await call(url, probe.method, member.auth, body, probe.headers);
      const text = JSON.stringify(answer.body);
      // A list of long values cannot reach its bound inside Node's 16 KiB request head: refused before any route.
      if (url.length > NODE_MAX_HEADER_BYTES && answer.status === 431) continue;
      if (answer.status !== 400 || !text.includes(probe.parameter.name))
        missed.push(`${probe.label}: ${answer.status} ${text.slice(0, 200)}`);
    }
    expect(missed).toEqual([]);
  }, 120_000);

  it('are held on every path parameter: one past the router’s bound is a 414 in the error shape', async () => {
    const missed: string[] = [];
    let probed = 0;
    for (const [template, item] of Object.entries(paths))
      for (const [method, operation] of Object.entries(item)) {
        const parameters = operation.parameters ?? [];
        for (const parameter of parameters) {
          if (parameter.in !== 'path' || parameter.schema?.maxLength === undefined) continue;
          probed += 1;
          const path = withPath(template, parameters, [parameter.name, overlong(parameter.schema)]);
          const answer = await call(`${gateway.apiUrl}${path}`, method.toUpperCase(), member.auth);
          const error = (answer.body as { error?: { errorCode?: unknown; tokenTraceId?: unknown } } | undefined)?.error;
          if (answer.status !== 414 || error?.errorCode !== 'UriTooLong' || typeof error.tokenTraceId !== 'string')
            missed.push(
              `${method.toUpperCase()} ${template} ${parameter.name}: ${answer.status} ${JSON.stringify(answer.body)}`,
            );
        }
      }
    expect(probed).toBeGreaterThan(40);
    expect(missed).toEqual([]);
  }, 60_000);

  it('are held on every request body field: one past the bound is a 400 naming the field', async () => {
    const missed: string[] = [];
    let probed = 0;
    for (const [template, item] of Object.entries(paths))
      for (const [method, operation] of Object.entries(item)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (schema === undefined) continue;
        const url = `${gateway.apiUrl}${withPath(template, operation.parameters ?? [])}`;
        for (const probe of bodyProbes(schema)) {
          probed += 1;
          const answer = await call(url, method.toUpperCase(), member.auth, probe.body);
          const paths = (answer.body as { error?: { paths?: string[] } } | undefined)?.error?.paths ?? [];
          const named = paths.some((path) => path.replace(/\.\d+(?=\.|$)/g, '') === probe.field);
          if (answer.status !== 400 || !named)
            missed.push(
              `${method.toUpperCase()} ${template} ${probe.label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
            );
        }
      }
    expect(probed).toBeGreaterThan(50);
    expect(missed).toEqual([]);
  }, 120_000);
});
