import { Module } from '@nestjs/common';
import { MembersApplicationModule } from '#libs/application';
import { MemberKeysController } from './member-keys.controller.js';

/** The member's key routes on the public port. */
@Module({
  imports: [MembersApplicationModule],
  controllers: [MemberKeysController],
})
export class KeysModule {}
