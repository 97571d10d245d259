import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig, type PayloadOf } from '#libs/common';
import { BankConnectors, hasConnector, type ConnectorHealth } from '#libs/connectors';
import {
  BankRepository,
  BankStatusRepository,
  ScheduledJobRepository,
  Transactions,
  WebhookConfigRepository,
  ensurePeriodicTimer,
  type Bank,
  type BankStatus,
  type ObservedBankStatus,
  type Tx,
} from '#libs/db';
import { writeOutboxEvent, type OutboxEventType } from '#libs/events';

export const PROBE_JOB = 'banks.probe-status';
/** Longest one bank's health check may take (the connector's retries included). */
export const PROBE_DEADLINE_MS = 10_000;

/** The reference's service status names: a connector's UP is LIVE. */
export function referenceStatus(status: string): 'LIVE' | 'DOWN' {
  return status === 'DOWN' ? 'DOWN' : 'LIVE';
}

/** A run of banks.probe-status (its payload: the interval it was scheduled with). */
export type ProbeBankStatusCommand = PayloadOf<typeof PROBE_JOB>;

/**
 * Probes every listed bank whose connector type has an implementation (the others are skipped,
 * so they have no status row), records AIS / PIS status one transaction per bank with the outage
 * events of a change. Runs at every multiple of BANK_STATUS_PROBE_SECONDS on the service clock
 * (its timer carries the period). A bank whose recording fails is logged and probed again next run.
 */
@Injectable()
export class ProbeBankStatusUseCase {
  constructor(
    private readonly banks: BankRepository,
    private readonly statuses: BankStatusRepository,
    private readonly webhookConfigs: WebhookConfigRepository,
    private readonly timers: ScheduledJobRepository,
    private readonly transactions: Transactions,
    private readonly connectors: BankConnectors,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** One run: the number of banks whose status was recorded. */
  async execute(_command: ProbeBankStatusCommand): Promise<number> {
    const banks = (await this.banks.listListed()).filter((bank) => hasConnector(bank.connectorType));
    const observed = await Promise.all(banks.map(async (bank) => ({ bank, status: await this.observe(bank) })));
    let recorded = 0;
    for (const { bank, status } of observed) {
      try {
        await this.record(bank, status);
        recorded += 1;
      } catch (error) {
        this.logger.error({ bankId: bank.id, err: error }, 'recording bank status failed');
      }
    }
    this.logger.debug({ probed: recorded, skipped: banks.length - recorded }, 'probed bank status');
    return recorded;
  }

  /** Makes sure a probe timer exists (first start, or after its job was lost). */
  async ensureScheduled(): Promise<void> {
    const intervalSeconds = this.config.worker.bankStatusProbeSeconds;
    await ensurePeriodicTimer(
      this.timers,
      { name: PROBE_JOB, intervalSeconds },
      intervalSeconds * 1000,
      this.clock.now(),
    );
  }

  /**
   * One bank's health. The connector asks each API with a call a healthy bank answers normally, so
   * a healthy bank leaves no warning; a connector that cannot be built (bad settings or secret) is
   * DOWN for both.
   */
  private async observe(bank: Bank): Promise<ObservedBankStatus> {
    try {
      const health: ConnectorHealth = await this.connectors.statusProbe(bank).health({
        bankId: bank.id,
        deadlineMs: Date.now() + PROBE_DEADLINE_MS,
        routine: true,
      });
      return { ais: health.ais, pis: health.pis };
    } catch (error) {
      this.logger.warn({ bankId: bank.id, err: error }, 'bank health check failed');
      return { ais: 'DOWN', pis: 'DOWN' };
    }
  }

  /** Records one observation and, in the same transaction, the outage events of what changed. */
  private async record(bank: Bank, observed: ObservedBankStatus): Promise<BankStatus> {
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const change = await this.statuses.in(tx).record(bank.id, observed, now);
      if (change.previous !== null && change.aisChanged) {
        await this.notify(tx, 'BANK_AIS_OUTAGE_STATUS_CHANGED', bank, change.previous.aisStatus, observed.ais, now);
      }
      if (change.previous !== null && change.pisChanged) {
        await this.notify(tx, 'BANK_SIP_OUTAGE_STATUS_CHANGED', bank, change.previous.pisStatus, observed.pis, now);
      }
      return change.current;
    });
  }

  private async notify(
    tx: Tx,
    type: OutboxEventType & ('BANK_AIS_OUTAGE_STATUS_CHANGED' | 'BANK_SIP_OUTAGE_STATUS_CHANGED'),
    bank: Bank,
    previous: string,
    current: string,
    now: Date,
  ): Promise<number> {
    const members = await this.webhookConfigs.in(tx).subscribersOf(type);
    const payload = {
      bankId: bank.id,
      bankName: bank.name,
      previousOutageStatus: referenceStatus(previous),
      outageStatus: referenceStatus(current),
    };
    for (const memberId of members) await writeOutboxEvent(tx, { memberId, type, payload, createdAt: now });
    return members.length;
  }
}
