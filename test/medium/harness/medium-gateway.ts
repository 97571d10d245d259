import { Module, type DynamicModule, type INestApplicationContext, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import {
  AccountInformationApplicationModule,
  BanksApplicationModule,
  loadBankCatalogue,
  GetTransferUseCase,
  ListTransfersUseCase,
  MembersApplicationModule,
  PaymentLinksApplicationModule,
  PaymentsApplicationModule,
  PayoutsApplicationModule,
  RedeemTransferUseCase,
  RefundsApplicationModule,
  SettlementApplicationModule,
  SubTppsApplicationModule,
  TokenizedAccountsApplicationModule,
  TokenRequestsApplicationModule,
  TokensApplicationModule,
  TransfersApplicationModule,
  VrpConsentsApplicationModule,
  VrpsApplicationModule,
  WebhookDeliveryApplicationModule,
  WebhooksApplicationModule,
} from '#libs/application';
import { PlatformModule, type ConnectedConfig } from '#libs/common';
import {
  BankConnectors,
  ConnectorRegistry,
  SettlementProviderRegistry,
  type SettlementProviderConnector,
} from '#libs/connectors';
import { DbModule, closeDataStores, openDataStores, type DataStores } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { Metrics } from '#libs/observability';
import { SecretsModule } from '#libs/secrets';
import { WebhookSenderModule } from '../../../apps/worker/src/webhooks/webhook-sender.module.js';

import { testConfig } from '../../support/test-env.js';
import { MovableClock } from './movable-clock.js';
import { ScriptedBank } from './scripted-bank.js';

/** The transfer use cases the api provides itself (POST /transfers, GET /transfers[/{id}]). */
@Module({
  imports: [TransfersApplicationModule, SecretsModule],
  providers: [RedeemTransferUseCase, ListTransfersUseCase, GetTransferUseCase],
  exports: [RedeemTransferUseCase, ListTransfersUseCase, GetTransferUseCase],
})
class TransferUseCasesModule {}

/** The application modules a medium test reaches its use cases through. */
const APPLICATION_MODULES: readonly (Type | DynamicModule)[] = [
  PaymentsApplicationModule,
  RefundsApplicationModule,
  PayoutsApplicationModule,
  VrpConsentsApplicationModule,
  VrpsApplicationModule,
  SettlementApplicationModule,
  TokensApplicationModule,
  TokenRequestsApplicationModule.register([WebhooksApplicationModule]),
  TransferUseCasesModule,
  WebhookSenderModule.forRoot(),
  WebhookDeliveryApplicationModule,
  PaymentLinksApplicationModule,
  MembersApplicationModule,
  SubTppsApplicationModule,
  TokenizedAccountsApplicationModule,
  AccountInformationApplicationModule,
  BanksApplicationModule,
];

@Module({})
class MediumModule {
  static register(config: ConnectedConfig, stores: DataStores): DynamicModule {
    const logger = pino({ level: 'silent' });
    return {
      module: MediumModule,
      imports: [
        PlatformModule.forRoot({ config, logger, metrics: new Metrics('medium-test') }),
        DbModule.forRoot(stores),
        ...APPLICATION_MODULES,
      ],
    };
  }
}

/**
 * The gateway's use cases in this process, as its processes wire them (the application modules'
 * Nest providers), on real repositories over a fresh database cloned from the migrated template,
 * the bank catalogue loaded (config/banks/sandbox.yaml), a clock the test moves, and every bank
 * answering from one ScriptedBank (and every settlement provider from `providers`). No HTTP, no
 * worker: a test calls the use case a route or a timer would, then reads rows and events.
 */
export class MediumGateway {
  private constructor(
    readonly config: ConnectedConfig,
    readonly stores: DataStores,
    readonly clock: MovableClock,
    readonly bank: ScriptedBank,
    private readonly app: INestApplicationContext,
  ) {}

  static async start(
    options: {
      readonly env?: Record<string, string>;
      readonly providers?: Readonly<Record<string, () => SettlementProviderConnector>>;
    } = {},
  ): Promise<MediumGateway> {
    const config = await testConfig({ LOG_LEVEL: 'silent', ...options.env });
    const opened = await openDataStores(config, { service: 'medium-test', poolSize: 8 });
    const clock = new MovableClock();
    const stores: DataStores = { ...opened, clock };
    try {
      await loadBankCatalogue(stores.repositories.banks, config, pino({ level: 'silent' }));
      const app = await NestFactory.createApplicationContext(MediumModule.register(config, stores), {
        logger: false,
        abortOnError: false,
      });
      const bank = new ScriptedBank();
      answerFrom(app.get(BankConnectors, { strict: false }), bank);
      if (options.providers !== undefined)
        replaceField(app.get(SettlementProviderRegistry, { strict: false }), 'factories', options.providers);
      return new MediumGateway(config, stores, clock, bank, app);
    } catch (error) {
      await closeDataStores(opened);
      throw error;
    }
  }

  /** A provider of the application modules (a use case, a progression), by its class. */
  get<T>(type: Type<T>): T {
    return this.app.get(type, { strict: false });
  }

  /** A member (regulated unless said), stored. */
  async member(name: string, regulated = true): Promise<MemberId> {
    const id = `m:${name}-${Math.random().toString(36).slice(2, 8)}`;
    await this.stores.prisma.member.create({ data: { id, name, regulated } });
    return id as MemberId;
  }

  /**
   * The statuses a resource went through, in order, from the events its changes wrote
   * (status_history); of one resource type where one id has two (a VRP is a PAYMENT and a VRP).
   */
  async statusesOf(resourceId: string, resourceType?: string): Promise<string[]> {
    const rows = await this.stores.prisma.statusHistory.findMany({
      where: { resourceId, ...(resourceType === undefined ? {} : { resourceType }) },
      orderBy: { seq: 'asc' },
    });
    return rows.map((row) => row.status);
  }

  /** The outbox events naming a resource (in their body), oldest first, with their bodies parsed. */
  async eventsOf(
    resourceId: string,
  ): Promise<{ readonly eventType: string; readonly body: Record<string, unknown> }[]> {
    const rows = await this.stores.prisma.outboxEvent.findMany({
      where: { body: { contains: resourceId } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map((row) => ({ eventType: row.eventType, body: JSON.parse(row.body) as Record<string, unknown> }));
  }

  /** A timer (scheduled_job row) by its id, or null when none is set. */
  timer(id: string): Promise<{ readonly dueAt: Date; readonly jobName: string } | null> {
    return this.stores.prisma.scheduledJob.findUnique({ where: { id }, select: { dueAt: true, jobName: true } });
  }

  /** The open outcome check of a resource (an unknown outcome being asked again), or null. */
  outcomeCheck(kind: string, resourceId: string) {
    return this.stores.prisma.outcomeCheck.findUnique({ where: { kind_resourceId: { kind, resourceId } } });
  }

  async close(): Promise<void> {
    await this.app.close();
    await closeDataStores(this.stores);
  }
}

/**
 * Points the process's one BankConnectors at a registry whose every protocol is the scripted bank:
 * the providers that hold it (the progressions, the use cases) are left as the modules made them.
 */
function answerFrom(connectors: BankConnectors, bank: ScriptedBank): void {
  const scripted = () => bank;
  replaceField(
    connectors,
    'registry',
    new ConnectorRegistry(
      { http: undefined as never, secrets: undefined as never },
      {
        obie: scripted,
        'berlin-group': scripted,
      },
    ),
  );
}

/** Sets a private field a provider was built with; fails loudly if the field is not there (renamed). */
function replaceField(target: object, field: string, value: unknown): void {
  if (!Object.hasOwn(target, field))
    throw new Error(`${target.constructor.name} has no field ${field}: the medium harness needs updating`);
  Reflect.set(target, field, value);
}
