import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** What an Open Banking write carries besides the call: its x-idempotency-key header (as sent) and its body. */
export interface ObieWrite {
  readonly key: string | undefined;
  readonly body: unknown;
}

/** The handler parameter that receives the write's ObieWrite; the receiver checks the key it requires. */
export const Write = createParamDecorator((_data: unknown, context: ExecutionContext): ObieWrite => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return { key: request.headers['x-idempotency-key'] as string | undefined, body: request.body };
});
