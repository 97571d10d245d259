export * from './member-context.js';
export * from './auth-failure.js';
export * from './request-jws.js';
export * from './request-jwt.authenticator.js';
export * from './rate-limiter.js';
export * from './auth.guard.js';
export * from './auth.module.js';
