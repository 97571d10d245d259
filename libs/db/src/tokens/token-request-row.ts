import { tokenRequestStatusMachine, type TokenRequestStatus } from '#libs/domain';
import type { TokenRequest as TokenRequestRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `token_request` table's status column: a TokenRequestStatus, checked as read. */
export const TOKEN_REQUEST_STATUS = statusColumn(tokenRequestStatusMachine);

/** A token request as stored, its status a TokenRequestStatus. */
export type TokenRequest = WithStatus<TokenRequestRow, TokenRequestStatus>;
