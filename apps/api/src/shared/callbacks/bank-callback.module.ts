import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BankCallbackController } from './bank-callback.controller.js';
import { ConsentCallbackRegistry } from './consent-callback-registry.js';

/**
 * The banks' redirect URI, one for every consent kind. Each domain provides its own handler
 * (`@ConsentCallback(kind)`) in its own module; this module finds them at boot.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [BankCallbackController],
  providers: [ConsentCallbackRegistry],
})
export class BankCallbackModule {}
