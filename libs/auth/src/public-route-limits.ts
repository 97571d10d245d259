import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { GatewayError, type AppConfig, type PublicRouteLimit } from '#libs/common';
import { rateLimitHeaders, type RateLimitDecision, type RateLimiter } from './rate-limiter.js';

/** The resource's counter is keyed by a digest: the token or state it is named by is a credential, never kept in Redis. */
function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function nameOf(request: FastifyRequest, limit: PublicRouteLimit): string | undefined {
  const { resource } = limit;
  if ('param' in resource) {
    const value = (request.params as Record<string, unknown> | undefined)?.[resource.param];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }
  for (const source of [request.body, request.query]) {
    if (typeof source !== 'object' || source === null) continue;
    const value = (source as Record<string, unknown>)[resource.field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * The rate limits of the public routes (hosted pages, payment link pages, bank callbacks): one
 * counter per client address (request.ip, which honours TRUST_PROXY) shared by all of them, and
 * one per resource the route names (a payment's or link's page token, a callback's state), in the
 * Redis fixed windows of the authenticated limits. Both are counted in one call; either over its
 * limit answers 429 with Retry-After.
 */
export class PublicRouteLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: AppConfig['rateLimits'],
  ) {}

  /** Counts the request; answers the counter nearest its limit (for the RateLimit-* headers), or throws 429. */
  async pass(request: FastifyRequest, limit: PublicRouteLimit): Promise<RateLimitDecision> {
    const name = nameOf(request, limit);
    const counters = [
      { key: `public-ip:${request.ip}`, limit: this.limits.publicPerAddressPerMinute },
      ...(name === undefined
        ? []
        : [{ key: `public:${limit.kind}:${digest(name)}`, limit: this.limits.publicPerResourcePerMinute }]),
    ];
    const decisions = await this.limiter.hitEach(counters);
    const [address, resource] = decisions;
    if (address !== undefined && !address.allowed)
      throw tooMany(address, 'Too many requests from this address; try again later.');
    if (resource !== undefined && !resource.allowed)
      throw tooMany(resource, `Too many requests for this ${limit.kind.replace(/-/g, ' ')}; try again later.`);
    return decisions.reduce((nearest, decision) => (decision.remaining < nearest.remaining ? decision : nearest));
  }
}

function tooMany(decision: Parameters<typeof rateLimitHeaders>[0], message: string): GatewayError {
  return new GatewayError('RESOURCE_EXHAUSTED', {
    message,
    retryAfterSeconds: decision.resetSeconds,
    headers: rateLimitHeaders(decision),
  });
}
