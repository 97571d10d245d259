import { Module, type DynamicModule } from '@nestjs/common';
import { MetricsController, PlatformModule, type PlatformObjects } from '#libs/common';
import { DbModule, type DataStores } from '#libs/db';
import { AdminModule } from './admin/admin.module.js';
import { ADMIN_TOKEN } from './admin/admin-token.js';
import { ConsoleModule } from './console/console.module.js';

/**
 * The admin API (ADMIN_PORT): operator endpoints, guarded by the admin token, and the process's
 * Prometheus metrics (/metrics, unauthenticated: the port never leaves the deployment).
 */
@Module({})
export class AdminAppModule {
  static register(platform: PlatformObjects, stores: DataStores, adminToken: string): DynamicModule {
    return {
      module: AdminAppModule,
      global: true,
      imports: [PlatformModule.forRoot(platform), DbModule.forRoot(stores), AdminModule, ConsoleModule],
      controllers: [MetricsController],
      providers: [{ provide: ADMIN_TOKEN, useValue: adminToken }],
      exports: [ADMIN_TOKEN],
    };
  }
}
