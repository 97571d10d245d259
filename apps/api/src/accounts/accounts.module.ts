import { Module } from '@nestjs/common';
import { AccountInformationApplicationModule } from '#libs/application';
import { AccountsController } from './accounts.controller.js';

/** Account information: accounts, balances, transactions and standing orders under the user's consent. */
@Module({
  imports: [AccountInformationApplicationModule],
  controllers: [AccountsController],
})
export class AccountsModule {}
