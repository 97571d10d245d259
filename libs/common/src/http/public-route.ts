import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'gateway:public-route';

/** Marks a route (or controller) that needs no authentication: health, metrics, JWKS. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);

export const PUBLIC_ROUTE_LIMIT = 'gateway:public-route-limit';

/**
 * Where a public route names the resource it serves: a path parameter (a hosted page's token), or
 * a field of the query or of the form body (a bank callback's `state`).
 */
export type PublicResource = { readonly param: string } | { readonly field: string };

/** A public route's rate limits: the resource it counts against, and the counters' namespace. */
export interface PublicRouteLimit {
  /** Names the resource's counters (`payment-link`, `bank-callback`, ...). */
  readonly kind: string;
  readonly resource: PublicResource;
}

/**
 * Marks a public route (or controller) rate-limited per client address and per the resource it
 * names (RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE, RATE_LIMIT_PUBLIC_PER_RESOURCE_PER_MINUTE): pages
 * and callbacks anyone can reach, whose path or query carries the credential.
 */
export const RateLimitedPublic = (limit: PublicRouteLimit): MethodDecorator & ClassDecorator =>
  SetMetadata(PUBLIC_ROUTE_LIMIT, limit);
