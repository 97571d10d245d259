import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '#libs/common';
import { ADMIN_TOKEN } from './admin-token.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Admin routes need `Authorization: Bearer <ADMIN_TOKEN>`; compared in constant time. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(ADMIN_TOKEN) token: string) {
    this.expected = digest(token);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    const match = /^Bearer ([^\s]+)$/.exec(header);
    if (match?.[1] === undefined || !timingSafeEqual(digest(match[1]), this.expected)) {
      throw new GatewayError('Unauthenticated', { message: 'A valid admin bearer token is required.' });
    }
    return true;
  }
}
