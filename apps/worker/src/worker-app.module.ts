import { Module, type DynamicModule } from '@nestjs/common';
import { HealthController, MetricsController, PlatformModule, type PlatformObjects } from '#libs/common';
import { DbModule, type DataStores } from '#libs/db';

/** The worker's only HTTP surface: /healthz, /readyz and /metrics on WORKER_PORT. */
@Module({})
export class WorkerAppModule {
  static register(platform: PlatformObjects, stores: DataStores): DynamicModule {
    return {
      module: WorkerAppModule,
      imports: [PlatformModule.forRoot(platform), DbModule.forRoot(stores)],
      controllers: [HealthController, MetricsController],
    };
  }
}
