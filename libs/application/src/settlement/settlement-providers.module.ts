import { Module } from '@nestjs/common';
import { SettlementProviderRegistry } from '#libs/connectors';

/**
 * The settlement provider connectors by provider id. No provider is registered here: a
 * settlement account asked of a provider without a connector answers 501 UNIMPLEMENTED.
 */
@Module({
  providers: [{ provide: SettlementProviderRegistry, useFactory: () => new SettlementProviderRegistry({}) }],
  exports: [SettlementProviderRegistry],
})
export class SettlementProvidersModule {}
