import type { Token } from '../generated/prisma/client.js';
import { readById } from '../views/read-by-id.js';

/** What the API shows of a token (the Token resource): the columns GET /tokens/{id} reads; never the sealed grant. */
export type TokenView = Pick<Token, 'id' | 'payload' | 'tokenRequestId'>;

export const readTokenView = readById<TokenView>({
  name: 'token-view-by-id',
  table: 'token',
  memberColumn: 'member_id',
  columns: { id: 'id', payload: 'payload', tokenRequestId: 'token_request_id' },
});
