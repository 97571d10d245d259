import type { CookieSerializeOptions } from '@fastify/cookie';

/** The session cookie's name; `__Host-` when Secure, so no subdomain can set it. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-console-session' : 'console-session';
}

/** The session cookie's attributes: the whole console, never read by script, never sent cross-site. */
export function sessionCookieOptions(secure: boolean): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'strict', secure };
}

/** Secure unless the console is reached over plain http on localhost or 127.0.0.1. */
export function cookieIsSecure(protocol: string, hostname: string): boolean {
  return !(protocol === 'http' && (hostname === 'localhost' || hostname === '127.0.0.1'));
}
