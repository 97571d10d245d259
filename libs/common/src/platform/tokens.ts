/** Injection tokens for the per-process platform objects. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const METRICS = Symbol('METRICS');
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
