import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { MemberId } from '#libs/domain';

/** Who is calling: the only source of `memberId` for everything downstream. */
export interface MemberContext {
  /** Produced by authentication (see MemberId): what every member-scoped repository method takes. */
  readonly memberId: MemberId;
  /** The member's name as the admin API stored it: what banks' consent pages show the user. */
  readonly displayName: string;
  readonly regulated: boolean;
  readonly reseller: boolean;
  readonly authMethod: 'basic' | 'jwt';
}

declare module 'fastify' {
  interface FastifyRequest {
    member?: MemberContext;
  }
}

/** Injects the authenticated member into a controller method. */
export const CurrentMember = createParamDecorator((_data: unknown, context: ExecutionContext): MemberContext => {
  const member = context.switchToHttp().getRequest<FastifyRequest>().member;
  if (member === undefined) throw new Error('CurrentMember used on a route without authentication');
  return member;
});
