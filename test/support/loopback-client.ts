import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';

/** A loopback source address other than 127.0.0.1: the server sees it as the client IP. */
export function newClientIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `127.${1 + (a % 254)}.${b}.${1 + (c % 254)}`;
}

/** One JSON exchange over node:http, sent from the local address `from`. */
export function http<T>(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: unknown,
  from: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: T }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const allHeaders = payload === undefined ? headers : { ...headers, 'content-type': 'application/json' };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: allHeaders, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T,
        }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}
