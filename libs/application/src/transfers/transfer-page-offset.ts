import { GatewayError } from '#libs/common';
import type { TransferCursor } from '#libs/db';

/** GET /transfers page offsets are opaque to clients: base64url of the last row's creation time and id. */
export function encodeTransferOffset(cursor: TransferCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.getTime(), cursor.id])).toString('base64url');
}

export function decodeTransferOffset(offset: string): TransferCursor {
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
  throw GatewayError.invalidField('page.offset', 'page.offset is not an offset this service returned.');
}
