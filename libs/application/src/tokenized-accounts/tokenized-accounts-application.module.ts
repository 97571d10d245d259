import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { DebtorAccountResolution } from './debtor-account-resolution.js';
import { CreateTokenizedAccountUseCase } from './create-tokenized-account.usecase.js';
import { DeleteTokenizedAccountUseCase } from './delete-tokenized-account.usecase.js';
import { GetTokenizedAccountUseCase } from './get-tokenized-account.usecase.js';
import { TokenizedAccountVault } from './tokenized-account-vault.js';

const USE_CASES = [CreateTokenizedAccountUseCase, GetTokenizedAccountUseCase, DeleteTokenizedAccountUseCase];

/** Account on File: the sealed store of account details and its use cases (the API's routes, payments' debtors). */
@Module({
  imports: [SecretsModule],
  providers: [TokenizedAccountVault, DebtorAccountResolution, ...USE_CASES],
  exports: [TokenizedAccountVault, DebtorAccountResolution, ...USE_CASES],
})
export class TokenizedAccountsApplicationModule {}
