import { Module } from '@nestjs/common';
import { CredentialChanges } from '#libs/auth';
import { CreateMemberUseCase } from './create-member.usecase.js';
import { DeleteMemberKeyUseCase } from './delete-member-key.usecase.js';
import { GetMemberKeyUseCase } from './get-member-key.usecase.js';
import { GetMemberUseCase } from './get-member.usecase.js';
import { IssueApiKeyUseCase } from './issue-api-key.usecase.js';
import { ListApiKeysUseCase } from './list-api-keys.usecase.js';
import { ListMemberKeyDetailsUseCase } from './list-member-key-details.usecase.js';
import { ListMemberKeysUseCase } from './list-member-keys.usecase.js';
import { ListMembersUseCase } from './list-members.usecase.js';
import { RevokeApiKeyUseCase } from './revoke-api-key.usecase.js';
import { SubmitMemberKeyUseCase } from './submit-member-key.usecase.js';
import { UpdateMemberUseCase } from './update-member.usecase.js';

const USE_CASES = [
  CreateMemberUseCase,
  ListMembersUseCase,
  GetMemberUseCase,
  UpdateMemberUseCase,
  IssueApiKeyUseCase,
  ListApiKeysUseCase,
  RevokeApiKeyUseCase,
  SubmitMemberKeyUseCase,
  ListMemberKeysUseCase,
  ListMemberKeyDetailsUseCase,
  GetMemberKeyUseCase,
  DeleteMemberKeyUseCase,
];

/** Members: the operator's members and sandbox API keys, and the members' public keys. */
@Module({ providers: [...USE_CASES, CredentialChanges], exports: USE_CASES })
export class MembersApplicationModule {}
