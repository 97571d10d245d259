import type { FastifyInstance } from 'fastify';

function unsupported(): Error {
  return Object.assign(new Error('Content-Type must be application/json.'), {
    statusCode: 415,
    code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  });
}

/**
 * HTML forms and OAuth requests (application/x-www-form-urlencoded) for the routes under the
 * given path prefixes (hosted pages, bank callbacks with response_mode=form_post), or for every
 * route when no prefixes are given (the sandbox bank's authorisation server); other routes keep
 * answering 415 to anything but JSON. Fields arrive as strings; the first value of a repeated
 * field wins. The raw bytes are kept on the request.
 */
export function installFormBodyParser(fastify: FastifyInstance, pathPrefixes?: readonly string[]): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      pathPrefixes !== undefined &&
      !pathPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
    ) {
      done(unsupported());
      return;
    }
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = Buffer.from(text, 'utf8');
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      if (!(name in fields)) fields[name] = value;
    }
    done(null, fields);
  });
}

/** A form body or a query object as string fields (first value of repeated ones); everything else empty. */
export function stringFields(source: unknown): Readonly<Record<string, string>> {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === 'string') fields[name] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') fields[name] = value[0];
  }
  return fields;
}
