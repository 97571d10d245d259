import type { FastifyInstance } from 'fastify';

/**
 * The authorisation server takes HTML-form and OAuth token requests
 * (application/x-www-form-urlencoded); the gateway's own parser accepts JSON only. The first
 * value of a repeated field wins.
 */
export function installFormBodyParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = Buffer.from(text, 'utf8');
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      if (!(name in fields)) fields[name] = value;
    }
    done(null, fields);
  });
}

/** A form body (or any object body) as string fields; everything else is empty. */
export function formFields(body: unknown): Readonly<Record<string, string>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}
