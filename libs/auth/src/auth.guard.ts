import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  APP_CONFIG,
  GatewayError,
  LOGGER,
  PUBLIC_ROUTE,
  PUBLIC_ROUTE_LIMIT,
  SystemClock,
  type AppConfig,
  type Clock,
  type PublicRouteLimit,
} from '#libs/common';
import { ApiKeyRepository, MemberKeyRepository, REDIS } from '#libs/db';
import { AuthFailure } from './auth-failure.js';
import { ApiKeyAuthenticator, type CachedApiKey } from './basic-api-key.authenticator.js';
import { CredentialCache } from './credential-cache.js';
import { failureCounterOf } from './failure-counter.js';
import { PublicRouteLimits } from './public-route-limits.js';
import { RateLimiter, rateLimitHeaders, type GateResult, type RateLimitDecision } from './rate-limiter.js';
import { RequestJwtAuthenticator, type CachedMemberKey } from './request-jwt.authenticator.js';
import type { VerifiedCredential } from './verified-credential.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EMPTY_BODY = Buffer.alloc(0);
const TOO_MANY_FAILURES = 'Too many failed authentication attempts.';

/** What the guard needs of a request beyond its credential. */
interface Gate {
  readonly failureLimit: number;
  readonly routeClass: 'read' | 'write';
  readonly limit: number;
}

/**
 * Every route of the public API is authenticated here, before any pipe or controller: Bearer
 * (request-bound JWS) anywhere, Basic (API key) in sandbox only. Then the member's rate limit
 * for the route class. A client that keeps failing authentication gets 429 instead of 401 once
 * its failures pass the limit: failures count against the credential presented, or against the
 * client address for requests that present none. The failure counters are read only for a
 * request that fails: a credential that verifies is never refused for failures, its own
 * earlier ones or another client's.
 *
 * A request whose credential was verified recently makes one Redis call and no Postgres read:
 * the credential comes from the credential cache, and one script checks that the cache entry is
 * of the current credentials generation, takes the token's replay guard and counts the hit.
 * Otherwise the credentials generation is read, then Postgres.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly jwt: RequestJwtAuthenticator;
  private readonly apiKey: ApiKeyAuthenticator;
  private readonly limiter: RateLimiter;
  private readonly publicLimits: PublicRouteLimits;
  private readonly apiKeyCache: CredentialCache<CachedApiKey>;
  private readonly memberKeyCache: CredentialCache<CachedMemberKey>;
  /**
   * Authentication runs on wall time, never on the sandbox's advanced service clock: token
   * expiry, key expiry and replay windows are security checks against real time, and clients
   * sign with their own wall clocks.
   */
  private readonly clock: Clock = new SystemClock();

  constructor(
    private readonly reflector: Reflector,
    apiKeys: ApiKeyRepository,
    memberKeys: MemberKeyRepository,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.apiKeyCache = new CredentialCache(config.auth.credentialCacheMs);
    this.memberKeyCache = new CredentialCache(config.auth.credentialCacheMs);
    this.apiKey = new ApiKeyAuthenticator(apiKeys, this.apiKeyCache, this.clock);
    this.jwt = new RequestJwtAuthenticator(memberKeys, this.memberKeyCache, this.clock);
    this.limiter = new RateLimiter(redis);
    this.publicLimits = new PublicRouteLimits(this.limiter, config.rateLimits);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets) === true) {
      // No credential; pages and callbacks anyone can reach are limited per address and resource.
      const limit = this.reflector.getAllAndOverride<PublicRouteLimit | undefined>(PUBLIC_ROUTE_LIMIT, targets);
      if (limit !== undefined) {
        const nearest = await this.publicLimits.pass(http.getRequest<FastifyRequest>(), limit);
        void http.getResponse<FastifyReply>().headers(rateLimitHeaders(nearest));
      }
      return true;
    }
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const routeClass = READ_METHODS.has(request.method) ? 'read' : 'write';
    const gate: Gate = {
      failureLimit: this.config.rateLimits.authFailuresPerMinute,
      routeClass,
      limit: routeClass === 'read' ? this.config.rateLimits.readPerMinute : this.config.rateLimits.writePerMinute,
    };

    let credential = await this.verify(request, gate);
    let passed = await this.pass(credential, gate);
    if (passed.kind === 'stale') {
      // A credential or member changed since this entry was cached: read it again.
      this.forget(credential.cacheKey);
      credential = await this.verify(request, gate);
      passed = await this.pass(credential, gate);
    }
    if (passed.kind === 'replayed') throw await this.failed(request, gate, new AuthFailure('token replayed'));
    if (passed.kind === 'stale') throw new Error('credentials generation changed twice during one request');
    const { decision } = passed;
    void reply.headers(rateLimitHeaders(decision));
    if (credential.suspended) throw new GatewayError('PermissionDenied', { message: 'The member is suspended.' });
    request.member = credential.member;

    if (!decision.allowed)
      throw this.tooMany(decision, `Rate limit of ${gate.limit} ${gate.routeClass} requests per minute reached.`);
    return true;
  }

  /** The request's credential, verified; a failure is counted (see failed). */
  private async verify(request: FastifyRequest, gate: Gate): Promise<VerifiedCredential> {
    try {
      return await this.authenticate(request, () => this.limiter.generation());
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error;
      throw await this.failed(request, gate, error);
    }
  }

  private pass(credential: VerifiedCredential, gate: Gate): Promise<GateResult> {
    const memberKey = `member:${credential.member.memberId}:${gate.routeClass}`;
    return this.limiter.gate(memberKey, gate.limit, credential.cachedGeneration, credential.once);
  }

  /**
   * Counts a failed authentication against the credential presented (or the address when there
   * is none); answers the error to throw (429 once over the limit).
   */
  private async failed(request: FastifyRequest, gate: Gate, failure: AuthFailure): Promise<GatewayError> {
    const counter = failureCounterOf(request.headers.authorization, request.ip);
    const counted = await this.limiter.hit(counter, gate.failureLimit);
    this.logger.info({ traceId: request.traceId, reason: failure.reason, ip: request.ip }, 'authentication failed');
    return counted.allowed
      ? failure.toGatewayError(rateLimitHeaders(counted))
      : this.tooMany(counted, TOO_MANY_FAILURES);
  }

  private forget(cacheKey: string): void {
    this.apiKeyCache.delete(cacheKey);
    this.memberKeyCache.delete(cacheKey);
  }

  private async authenticate(request: FastifyRequest, beforeRead: () => Promise<number>): Promise<VerifiedCredential> {
    const header = request.headers.authorization;
    if (header === undefined || header === '') throw new AuthFailure('no Authorization header');
    const match = /^(\S+) (\S+)$/.exec(header);
    if (match === null) throw new AuthFailure('malformed Authorization header');
    const [, scheme = '', credential = ''] = match;
    switch (scheme.toLowerCase()) {
      case 'basic':
        if (this.config.environment !== 'sandbox') throw new AuthFailure('Basic is sandbox only');
        return this.apiKey.authenticate(credential, beforeRead);
      case 'bearer': {
        const [path = '', query = ''] = splitUrl(request.url);
        return this.jwt.authenticate(
          credential,
          {
            method: request.method,
            host: request.headers.host ?? '',
            path,
            query,
            body: request.rawBody ?? EMPTY_BODY,
          },
          beforeRead,
        );
      }
      default:
        throw new AuthFailure(`unknown scheme ${scheme}`);
    }
  }

  private tooMany(decision: RateLimitDecision, message: string): GatewayError {
    return new GatewayError('RESOURCE_EXHAUSTED', {
      message,
      retryAfterSeconds: decision.resetSeconds,
      headers: rateLimitHeaders(decision),
    });
  }
}

function splitUrl(url: string): [string, string] {
  const index = url.indexOf('?');
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index + 1)];
}
