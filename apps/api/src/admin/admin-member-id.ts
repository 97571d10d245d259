import { Injectable, type PipeTransform } from '@nestjs/common';
import type { MemberId } from '#libs/domain';

/**
 * The member an operator manages, as the admin API names it (a path parameter, a filter). The
 * admin token holds authority over every member, so any id it names is in scope; the id is not
 * looked up here: each operation answers for a member that does not exist as it always has (404
 * from the member lookup, or from the member's row that is not there), and a member-scoped
 * statement with an unknown id finds no rows (every member-scoped row references a member).
 */
export function adminMemberId(id: string): MemberId {
  return id as MemberId;
}

/** `@Param('memberId', AdminMemberIdPipe)`: the path's member id as the member the operator manages. */
@Injectable()
export class AdminMemberIdPipe implements PipeTransform<string, MemberId> {
  transform(value: string): MemberId {
    return adminMemberId(value);
  }
}
