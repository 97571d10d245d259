import type { IncomingHttpHeaders } from 'node:http';
import type { BankResponseHeaders } from './bank-request.js';

/**
 * The headers of a bank's answer as undici hands them over (names in lower case, a repeated
 * header as an array), read like fetch's Headers: by name in any case, a repeated header's values
 * joined with ", ", null when absent.
 */
export class ReceivedHeaders implements BankResponseHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}
