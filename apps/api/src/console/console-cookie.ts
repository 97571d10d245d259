/** The session cookie's name; `__Host-` when Secure, so no subdomain can set it. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-console-session' : 'console-session';
}

/** A cookie's value from a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The Set-Cookie value for a session id (or, with undefined, one that clears it). */
export function sessionCookie(name: string, sessionId: string | undefined, secure: boolean): string {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  if (sessionId === undefined) return [`${name}=`, 'Max-Age=0', ...attributes].join('; ');
  return [`${name}=${sessionId}`, ...attributes].join('; ');
}

/** Secure unless the console is reached over plain http on localhost or 127.0.0.1. */
export function cookieIsSecure(protocol: string, hostname: string): boolean {
  return !(protocol === 'http' && (hostname === 'localhost' || hostname === '127.0.0.1'));
}
