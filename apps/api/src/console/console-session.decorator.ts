import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ConsoleSession } from '#libs/application';

/** The session ConsoleSessionGuard found for the request. */
export const CurrentConsoleSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ConsoleSession => {
    const session = context.switchToHttp().getRequest<FastifyRequest>().consoleSession;
    if (session === undefined)
      throw new Error('CurrentConsoleSession used on a route ConsoleSessionGuard does not guard');
    return session;
  },
);
