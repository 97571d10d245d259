import type { LoadOptions } from '../lib/measure.js';
import { JSON_CONTENT } from './post-json.js';
import { CONNECTIONS, bodyWithRef } from './settings.js';

export interface LoadOptionsFactory {
  /** POSTs of the initiation body, each with a fresh refId. */
  post(url: string, headers: Record<string, string>, connections?: number, runSeconds?: number): LoadOptions;
  /** GETs of `base`/{id}, rotating through `ids`. */
  get(base: string, ids: readonly string[], headers: Record<string, string>): LoadOptions;
}

/**
 * The autocannon options of the runs, `seconds` each unless told otherwise; POST bodies from
 * `body` (the Payments v2 initiation unless given), each with a fresh refId.
 */
export function loadOptionsFor(seconds: number, body: (refId: string) => string = bodyWithRef): LoadOptionsFactory {
  let refs = 0;
  return {
    post: (url, headers, connections = CONNECTIONS, runSeconds = seconds) => ({
      url,
      method: 'POST',
      headers: { ...headers, ...JSON_CONTENT },
      body: body('bench-load-0'),
      connections,
      seconds: runSeconds,
      setupRequest: (request) => ({ ...request, body: body(`bench-load-${(refs += 1)}`) }),
    }),
    get: (base, ids, headers) => {
      let turn = 0;
      return {
        url: `${base}/${encodeURIComponent(ids[0] ?? '')}`,
        headers,
        connections: CONNECTIONS,
        seconds,
        setupRequest: (request) => ({
          ...request,
          path: `${new URL(base).pathname}/${encodeURIComponent(ids[(turn += 1) % ids.length] ?? '')}`,
        }),
      };
    },
  };
}
