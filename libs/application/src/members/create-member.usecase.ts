import { Injectable } from '@nestjs/common';
import { MemberRepository } from '#libs/db';
import { hashApiKey, newApiKey, newId } from '#libs/domain';
import { memberView, type MemberResource } from './member-view.js';

export interface CreateMemberCommand {
  readonly name: string;
  readonly regulated?: boolean;
  readonly reseller?: boolean;
}

/** A new member with its first sandbox API key (answered this once; only its hash is stored). */
@Injectable()
export class CreateMemberUseCase {
  constructor(private readonly members: MemberRepository) {}

  async execute(command: CreateMemberCommand): Promise<{ member: MemberResource; apiKey: string }> {
    const apiKey = newApiKey();
    const member = await this.members.createWithApiKey(
      { id: newId('m'), name: command.name, regulated: command.regulated ?? true, reseller: command.reseller ?? false },
      { id: newId('ak'), keyHash: hashApiKey(apiKey) },
    );
    return { member: memberView(member), apiKey };
  }
}
