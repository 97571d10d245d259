import { Module, type DynamicModule } from '@nestjs/common';
import { HealthController, PlatformModule, type PlatformObjects } from '#libs/common';
import { DbModule, type DataStores } from '#libs/db';

/**
 * The simulated bank (ASPSP) used in sandbox and tests. It serves its own health endpoints
 * today; its Open Banking and Berlin Group APIs and consent pages come with the connectors.
 */
@Module({})
export class SandboxBankModule {
  static register(platform: PlatformObjects, stores: DataStores): DynamicModule {
    return {
      module: SandboxBankModule,
      imports: [PlatformModule.forRoot(platform), DbModule.forRoot(stores)],
      controllers: [HealthController],
    };
  }
}
