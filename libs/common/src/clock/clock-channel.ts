/**
 * Redis pub/sub channel of one database's sandbox clock: the gateway's processes publish each
 * advance on it, the sandbox bank listens (pub/sub ignores Redis database numbers).
 */
export function clockChannel(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `gateway:clock-offset:${url.host}${url.pathname}`;
}
