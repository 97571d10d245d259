import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'gateway:public-route';

/** Marks a route (or controller) that needs no authentication: health, metrics, JWKS. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);
