import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '#libs/common';
import { ADMIN_TOKEN } from './admin-token.js';
import { AdminTokenMatch } from './admin-token-match.js';

/** Admin routes need `Authorization: Bearer <ADMIN_TOKEN>`; compared in constant time. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly token: AdminTokenMatch;

  constructor(@Inject(ADMIN_TOKEN) token: string) {
    this.token = new AdminTokenMatch(token);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    const match = /^Bearer ([^\s]+)$/.exec(header);
    if (match?.[1] === undefined || !this.token.matches(match[1])) {
      throw new GatewayError('Unauthenticated', { message: 'A valid admin bearer token is required.' });
    }
    return true;
  }
}
