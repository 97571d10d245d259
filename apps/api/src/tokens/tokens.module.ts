import { Module } from '@nestjs/common';
import { TokensApplicationModule } from '#libs/application';
import { TokensController } from './tokens.controller.js';

/** Tokens: list, read, cancel. */
@Module({
  imports: [TokensApplicationModule],
  controllers: [TokensController],
})
export class TokensModule {}
