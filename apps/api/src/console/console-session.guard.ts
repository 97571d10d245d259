import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { ConsoleSession } from '#libs/application';
import { stringFields } from '#libs/common';
import { ConsoleAuth } from './console-auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator's console session, set by ConsoleSessionGuard. */
    consoleSession?: ConsoleSession;
  }
}

/** Thrown for a console page asked for without a live session: the answer is the sign-in page. */
export class ConsoleSignInRequired extends Error {
  constructor() {
    super('Sign in to the console first.');
    this.name = 'ConsoleSignInRequired';
  }
}

const PUBLIC_KEY = 'console:public';

/** Marks a console route that needs no session (the sign-in form, the stylesheet). */
export const ConsolePublic = (): MethodDecorator => SetMetadata(PUBLIC_KEY, true);

/**
 * Every console route but the public ones needs a live session; every action (any method but GET)
 * also needs the session's CSRF token in its form's `csrf` field, else 403 and nothing is done.
 */
@Injectable()
export class ConsoleSessionGuard implements CanActivate {
  constructor(
    private readonly auth: ConsoleAuth,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.get<boolean>(PUBLIC_KEY, context.getHandler()) === true) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.method === 'GET' || request.method === 'HEAD') {
      const session = await this.auth.session(request);
      if (session === undefined) throw new ConsoleSignInRequired();
      request.consoleSession = session;
      return true;
    }
    request.consoleSession = await this.auth.actionSession(request, stringFields(request.body).csrf);
    return true;
  }
}
