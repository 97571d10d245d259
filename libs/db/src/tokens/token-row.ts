import { tokenStatusMachine, type TokenStatus } from '#libs/domain';
import type { Token as TokenRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `token` table's status column: a TokenStatus, checked as read. */
export const TOKEN_STATUS = statusColumn(tokenStatusMachine);

/** A token as stored, its status a TokenStatus. */
export type Token = WithStatus<TokenRow, TokenStatus>;
