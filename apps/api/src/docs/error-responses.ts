import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const TRACE_ID = { type: 'string', description: 'The trace identifier of the call.', example: '5f0e3a1c9b2d4e6f' };
const text = (description: string, example: string): Schema => ({ type: 'string', description, example });

/** One error object with `errorCode`, `message` and `tokenTraceId`, plus `extra` fields. */
function withCode(code: string, extra: Record<string, Schema> = {}): Schema {
  return {
    type: 'object',
    required: ['errorCode', 'message', 'tokenTraceId', ...Object.keys(extra)],
    properties: {
      errorCode: { type: 'string', example: code },
      message: { type: 'string' },
      ...extra,
      tokenTraceId: TRACE_ID,
    },
  };
}

/** The `error` objects of the interface's error shapes, named as in the reference description. */
export const ERROR_SCHEMAS: Readonly<Record<string, Schema>> = {
  Error: {
    type: 'object',
    description: '401: the authorization information is missing or invalid.',
    required: ['message', 'tokenTraceId'],
    properties: { message: { type: 'string' }, tokenTraceId: TRACE_ID },
  },
  BadRequestError: {
    type: 'object',
    required: ['message', 'tokenTraceId'],
    description: '400: an invalid argument; `paths` names the request fields at fault.',
    properties: {
      errorCode: { type: 'string', example: 'Field.Invalid' },
      message: { type: 'string', example: 'initiation.amount.value must be a positive decimal' },
      paths: { type: 'array', items: { type: 'string' }, example: ['initiation.amount.value'] },
      tokenTraceId: TRACE_ID,
    },
  },
  ErrorWithCode: { ...withCode('InternalServerError'), description: '403, 409, 422 and 500.' },
  NotFoundError: {
    ...withCode('NOT_FOUND', { paymentId: text('The id of the entity not found (or the path).', 'pm2:unknown') }),
    description: '404: the requested entity was not found.',
  },
  ResourceExhaustedError: withCode('RESOURCE_EXHAUSTED', { paymentId: text('A quota notice.', 'Check quota.') }),
  NotImplementedError: withCode('UNIMPLEMENTED', { paymentId: text('A notice.', 'Not implemented.') }),
  ServiceUnavailableError: withCode('UNAVAILABLE', { paymentId: text('A notice.', 'Unavailable.') }),
  GatewayTimeoutError: withCode('DEADLINE_EXCEEDED', { paymentId: text('A notice.', 'Deadline exceeded.') }),
};

/** Status -> what it means and the schema of its `error` object. */
const ERROR_RESPONSES: Readonly<Record<string, readonly [description: string, schema: string]>> = {
  400: ['The request has an invalid argument; `paths` names the fields.', 'BadRequestError'],
  401: ['The authorization information is missing or invalid.', 'Error'],
  403: ['Permission denied (for example a suspended member); the bank reason accompanies it.', 'ErrorWithCode'],
  404: ['The requested entity was not found; `paymentId` is its id.', 'NotFoundError'],
  409: ['A conflict with the state of the resource.', 'ErrorWithCode'],
  422: ['The request cannot be processed as sent.', 'ErrorWithCode'],
  429: ['Too many requests: a rate limit was reached (`Retry-After` says when to retry).', 'ResourceExhaustedError'],
  500: ['An unexpected error of the gateway or of the bank.', 'ErrorWithCode'],
  501: ['The operation is not implemented, supported or enabled by the bank.', 'NotImplementedError'],
  503: ['The bank or the gateway is unavailable for a moment; retry.', 'ServiceUnavailableError'],
  504: ['The deadline expired before the bank answered.', 'GatewayTimeoutError'],
};

/** Operations that call a bank while the client waits: they may also answer 501, 503 and 504. */
const BANK_OPERATIONS: ReadonlySet<string> = new Set([
  'GatewayService.InitiatePayment',
  'GatewayService.ProvideEmbeddedFields',
]);

const errorContent = (schema: string): Record<string, { schema: Schema }> => ({
  'application/json': { schema: { type: 'object', required: ['error'], properties: { error: ref(schema) } } },
});

/** Which API a document describes: the public one counts members' requests (429); the admin one does not. */
export type ApiAudience = 'members' | 'operators';

/** The error statuses an operation can answer, by what it takes and whom it serves. */
function errorStatuses(path: string, operation: Operation, audience: ApiAudience): string[] {
  if (operation.security !== undefined && operation.security.length === 0) return ['500'];
  const statuses = audience === 'members' ? ['401', '403', '429', '500'] : ['401', '500'];
  if ((operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined) statuses.push('400');
  if (path.includes('{')) statuses.push('404');
  if (BANK_OPERATIONS.has(operation.operationId ?? '')) statuses.push('501', '503', '504');
  return statuses;
}

/**
 * Documents the error responses of every operation in the interface's shapes: the statuses each
 * can answer (an operation's own description of a status is kept; its body shape is added).
 */
export function addErrorResponses(document: OpenAPIObject, audience: ApiAudience): void {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...ERROR_SCHEMAS } };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item as Record<string, Operation>)) {
      if (typeof operation !== 'object' || operation.responses === undefined) continue;
      const statuses = new Set([...errorStatuses(path, operation, audience), ...Object.keys(operation.responses)]);
      for (const status of statuses) {
        const known = ERROR_RESPONSES[status];
        if (known === undefined) continue;
        const [description, schema] = known;
        const documented = operation.responses[status];
        operation.responses[status] = {
          description: documented?.description ?? description,
          content: documented?.content ?? errorContent(schema),
        };
      }
    }
  }
}
