import { GatewayError } from '#libs/common';

/** Where a page of a member's rows (newest first) ends: the last row's creation time and id. */
export interface PageCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** Page offsets are opaque to clients: base64url of the last row's creation time and id. */
export function encodePageOffset(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.getTime(), cursor.id])).toString('base64url');
}

/** The cursor an offset this service returned stands for; a 400 naming `field` for anything else. */
export function decodePageOffset(offset: string, field: string): PageCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(offset, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      Number.isSafeInteger(parsed[0]) &&
      typeof parsed[1] === 'string'
    )
      return { createdAt: new Date(parsed[0] as number), id: parsed[1] };
  } catch {
    // falls through to the error below
  }
  throw GatewayError.invalidField(field, `${field} is not an offset this service returned.`);
}
