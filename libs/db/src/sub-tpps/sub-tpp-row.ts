import { SUB_TPP_STATUS_MACHINE, type SubTppStatus } from '#libs/domain';
import type { SubTpp as SubTppRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `sub_tpp` table's status column: a SubTppStatus, checked as read. */
export const SUB_TPP_STATUS = statusColumn(SUB_TPP_STATUS_MACHINE);

/** A sub-TPP as stored, its status a SubTppStatus. */
export type SubTpp = WithStatus<SubTppRow, SubTppStatus>;
