import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { GatewayError } from '#libs/common';
import { ROUTES_NOT_BUILT, type RouteNotBuilt } from './routes-not-built.js';

const ROUTE_DECORATORS = { GET: Get, POST: Post, PUT: Put, DELETE: Delete } as const;

/**
 * Serves every row of ROUTES_NOT_BUILT behind the same authentication as every other route:
 * an authenticated caller gets 501 `UNIMPLEMENTED` in the interface's shape rather than 404.
 * Not in the OpenAPI document: it describes what the gateway does.
 */
@ApiExcludeController()
@Controller()
export class NotBuiltController {}

function notBuilt(route: RouteNotBuilt): () => never {
  const notice = `${route.method} /${route.path} is not implemented yet`;
  return () => {
    throw new GatewayError('UNIMPLEMENTED', { message: `${notice}.` });
  };
}

for (const route of ROUTES_NOT_BUILT) {
  const name = `${route.method} /${route.path}`;
  const prototype = NotBuiltController.prototype as unknown as Record<string, unknown>;
  prototype[name] = notBuilt(route);
  const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
  if (descriptor === undefined) throw new Error(`no handler for ${name}`);
  ROUTE_DECORATORS[route.method](route.path)(prototype, name, descriptor);
}
