import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ConsoleSessions, type ConsoleSession } from '#libs/application';
import { GatewayError, SystemClock } from '#libs/common';
import { ADMIN_TOKEN } from '../admin/admin-token.js';
import { AdminTokenMatch } from '../admin/admin-token-match.js';
import { cookieIsSecure, sessionCookieName, sessionCookieOptions } from './console-cookie.js';

/** Sign-in, the session behind each request, CSRF checks and sign-out. */
@Injectable()
export class ConsoleAuth {
  private readonly token: AdminTokenMatch;
  /**
   * Sessions run on wall time, not the service clock: advancing the sandbox's clock must neither
   * end an operator's session nor keep one alive.
   */
  private readonly clock = new SystemClock();

  constructor(
    @Inject(ADMIN_TOKEN) token: string,
    private readonly sessions: ConsoleSessions,
  ) {
    this.token = new AdminTokenMatch(token);
  }

  private secure(request: FastifyRequest): boolean {
    return cookieIsSecure(request.protocol, request.hostname.replace(/:\d+$/, ''));
  }

  private sessionId(request: FastifyRequest): string | undefined {
    const value = request.cookies[sessionCookieName(this.secure(request))];
    return value === undefined || value === '' ? undefined : value;
  }

  /** Starts a session when the token matches; sets its cookie. */
  async signIn(request: FastifyRequest, reply: FastifyReply, presented: string): Promise<boolean> {
    if (presented === '' || !this.token.matches(presented)) return false;
    const { sessionId } = await this.sessions.create(this.clock.nowMs());
    const secure = this.secure(request);
    reply.setCookie(sessionCookieName(secure), sessionId, sessionCookieOptions(secure));
    return true;
  }

  /** The request's live session, or undefined (no cookie, unknown, idle or past its lifetime). */
  async session(request: FastifyRequest): Promise<ConsoleSession | undefined> {
    const sessionId = this.sessionId(request);
    return sessionId === undefined ? undefined : this.sessions.touch(sessionId, this.clock.nowMs());
  }

  /** An action's session: refused (403) without a live session or without its CSRF token. */
  async actionSession(request: FastifyRequest, csrf: string | undefined): Promise<ConsoleSession> {
    const session = await this.session(request);
    if (session === undefined) {
      throw new GatewayError('PermissionDenied', { message: 'Sign in to the console first.' });
    }
    const expected = Buffer.from(session.csrfToken);
    const given = Buffer.from(csrf ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new GatewayError('PermissionDenied', { message: 'The form is missing its CSRF token.' });
    }
    return session;
  }

  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const sessionId = this.sessionId(request);
    if (sessionId !== undefined) await this.sessions.end(sessionId);
    const secure = this.secure(request);
    reply.clearCookie(sessionCookieName(secure), sessionCookieOptions(secure));
  }
}
