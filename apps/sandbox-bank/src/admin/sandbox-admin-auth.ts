import { timingSafeEqual } from 'node:crypto';
import { GatewayError, type AppConfig } from '#libs/common';

/** Sandbox admin routes: only in sandbox, and with ADMIN_TOKEN as a Bearer token when one is configured. */
export function assertSandboxAdmin(config: AppConfig, authorization: string | undefined): void {
  if (config.environment !== 'sandbox')
    throw new GatewayError('PermissionDenied', { message: 'This route is only served in sandbox.' });
  const expected = config.adminToken;
  if (expected === undefined) return;
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '', 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new GatewayError('Unauthenticated');
}
