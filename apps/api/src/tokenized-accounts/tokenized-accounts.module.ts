import { Module } from '@nestjs/common';
import { TokenizedAccountsApplicationModule } from '#libs/application';
import { TokenizedAccountsController } from './tokenized-accounts.controller.js';

/** Account on File: storing, reading and deleting a member's account details. */
@Module({
  imports: [TokenizedAccountsApplicationModule],
  controllers: [TokenizedAccountsController],
})
export class TokenizedAccountsModule {}
