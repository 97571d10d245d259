import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { APP_CONFIG, GatewayError, LOGGER, PUBLIC_ROUTE, SystemClock, type AppConfig, type Clock } from '#libs/common';
import { ApiKeyRepository, MemberKeyRepository, REDIS } from '#libs/db';
import { AuthFailure } from './auth-failure.js';
import { authenticateApiKey } from './basic-api-key.authenticator.js';
import type { MemberContext } from './member-context.js';
import { RateLimiter, rateLimitHeaders, type RateLimitDecision } from './rate-limiter.js';
import { RequestJwtAuthenticator } from './request-jwt.authenticator.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EMPTY_BODY = Buffer.alloc(0);

/**
 * Every route of the public API is authenticated here, before any pipe or controller: Bearer
 * (request-bound JWS) anywhere, Basic (API key) in sandbox only. Then the member's rate limit
 * for the route class. Clients that keep failing authentication are slowed down by IP.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly jwt: RequestJwtAuthenticator;
  private readonly limiter: RateLimiter;
  /**
   * Authentication runs on wall time, never on the sandbox's advanced service clock: token
   * expiry, key expiry and replay windows are security checks against real time, and clients
   * sign with their own wall clocks.
   */
  private readonly clock: Clock = new SystemClock();

  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyRepository,
    memberKeys: MemberKeyRepository,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.jwt = new RequestJwtAuthenticator(memberKeys, redis, this.clock);
    this.limiter = new RateLimiter(redis);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]) === true) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();

    const ipKey = `auth-fail:${request.ip}`;
    const failures = this.config.rateLimits.authFailuresPerMinute;
    const blocked = await this.limiter.peek(ipKey, failures);
    if (!blocked.allowed) throw this.tooMany(blocked, 'Too many failed authentication attempts.');

    let result: { member: MemberContext; suspended: boolean };
    try {
      result = await this.authenticate(request);
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error;
      await this.limiter.hit(ipKey, failures);
      this.logger.info({ traceId: request.traceId, reason: error.reason, ip: request.ip }, 'authentication failed');
      throw error.toGatewayError();
    }
    if (result.suspended) throw new GatewayError('PermissionDenied', { message: 'The member is suspended.' });
    request.member = result.member;

    const routeClass = READ_METHODS.has(request.method) ? 'read' : 'write';
    const limit = routeClass === 'read' ? this.config.rateLimits.readPerMinute : this.config.rateLimits.writePerMinute;
    const decision = await this.limiter.hit(`member:${result.member.memberId}:${routeClass}`, limit);
    void reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) throw this.tooMany(decision, `Rate limit of ${limit} ${routeClass} requests per minute reached.`);
    return true;
  }

  private async authenticate(request: FastifyRequest): Promise<{ member: MemberContext; suspended: boolean }> {
    const header = request.headers.authorization;
    if (header === undefined || header === '') throw new AuthFailure('no Authorization header');
    const match = /^(\S+) (\S+)$/.exec(header);
    if (match === null) throw new AuthFailure('malformed Authorization header');
    const [, scheme = '', credential = ''] = match;
    switch (scheme.toLowerCase()) {
      case 'basic':
        if (this.config.environment !== 'sandbox') throw new AuthFailure('Basic is sandbox only');
        return authenticateApiKey(credential, this.apiKeys, this.clock);
      case 'bearer': {
        const [path = '', query = ''] = splitUrl(request.url);
        return this.jwt.authenticate(credential, {
          method: request.method,
          host: request.headers.host ?? '',
          path,
          query,
          body: request.rawBody ?? EMPTY_BODY,
        });
      }
      default:
        throw new AuthFailure(`unknown scheme ${scheme}`);
    }
  }

  private tooMany(decision: RateLimitDecision, message: string): GatewayError {
    return new GatewayError('RESOURCE_EXHAUSTED', { message, retryAfterSeconds: decision.resetSeconds, headers: rateLimitHeaders(decision) });
  }
}

function splitUrl(url: string): [string, string] {
  const index = url.indexOf('?');
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index + 1)];
}
