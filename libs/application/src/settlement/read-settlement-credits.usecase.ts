import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { SettlementProviderRegistry } from '#libs/connectors';
import {
  SETTLEMENT_ACCOUNT_OPENING,
  SETTLEMENT_ACCOUNT_REFUSED,
  ScheduledJobRepository,
  SettlementAccountRepository,
  type SettlementAccount,
} from '#libs/db';
import { SettlementCreditBooking } from './settlement-credit-booking.js';
import { scheduleCreditRead } from './settlement-credit-timer.js';

/** The most pages one run reads; the rest waits for the next run. */
export const MAX_CREDIT_PAGES_PER_READ = 50;

/** Statuses whose credits are no longer read (never opened, refused, closed). */
const NOT_READ: readonly string[] = [SETTLEMENT_ACCOUNT_OPENING, SETTLEMENT_ACCOUNT_REFUSED, 'CLOSED'];

/** Credits of a new provider account: all of them (the account is the gateway's alone since it opened it). */
const FROM_THE_START = new Date(0).toISOString();

export interface ReadSettlementCreditsCommand {
  /** The settlement account whose credit timer fired. */
  readonly accountId: string;
}

/** What one run of an account's credit reader did. */
export type CreditReadOutcome =
  | { readonly kind: 'read'; readonly pages: number; readonly booked: number; readonly repeats: number }
  | { readonly kind: 'provider-error'; readonly booked: number }
  | { readonly kind: 'ended'; readonly reason: string };

/**
 * settlement.read-credits: reads the credits the provider reports after the account's stored
 * cursor, page by page; each page's credits are booked (each once) in one transaction with the
 * cursor the provider handed back. A crash before it commits reads the page again: at-least-once
 * reading, exactly-once booking. The next run is scheduled before the
 * first read (a crash keeps the reader alive) and again when the run ends, on the service clock.
 * A provider error is logged; the cursor stays where the last booked page left it. Two runs at once
 * (a run slower than the interval) book each credit once, and the cursor never moves back: a
 * page's cursor is saved only over the one it was read from, and the overtaken run stops.
 */
@Injectable()
export class ReadSettlementCreditsUseCase {
  constructor(
    private readonly accounts: SettlementAccountRepository,
    private readonly timers: ScheduledJobRepository,
    private readonly providers: SettlementProviderRegistry,
    private readonly booking: SettlementCreditBooking,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(command: ReadSettlementCreditsCommand): Promise<CreditReadOutcome> {
    const { accountId } = command;
    const account = await this.accounts.findById(accountId);
    if (account === null) return { kind: 'ended', reason: 'no such account' };
    if (NOT_READ.includes(account.status)) return { kind: 'ended', reason: account.status };
    await this.scheduleNext(accountId);
    const outcome = await this.read(account);
    await this.scheduleNext(accountId);
    return outcome;
  }

  private async read(account: SettlementAccount): Promise<CreditReadOutcome> {
    const provider = this.providers.forProvider(account.providerId);
    const pageSize = this.config.worker.settlementCreditPageSize;
    let cursor = account.creditCursor ?? undefined;
    let pages = 0;
    let booked = 0;
    let repeats = 0;
    while (pages < MAX_CREDIT_PAGES_PER_READ) {
      let page;
      try {
        page = await provider.listCredits(
          { providerId: account.providerId, deadlineMs: Date.now() + this.config.payments.bankDeadlineMs },
          account.providerAccountId,
          { since: FROM_THE_START, ...(cursor === undefined ? {} : { cursor }), limit: pageSize },
        );
      } catch (error) {
        this.logger.warn(
          { err: error, accountId: account.id, providerId: account.providerId },
          'settlement credits not read; the next read resumes at the stored cursor',
        );
        return { kind: 'provider-error', booked };
      }
      const next = page.cursor ?? cursor;
      const counts = await this.booking.bookPage(account, page.credits, { from: cursor ?? null, cursor: next ?? null });
      booked += counts.booked;
      repeats += counts.repeats;
      pages += 1;
      // Not saved: another reader moved the cursor on meanwhile and reads the rest.
      if (counts.cursorSaved === false || page.credits.length < pageSize || next === cursor) break;
      cursor = next;
    }
    return { kind: 'read', pages, booked, repeats };
  }

  private scheduleNext(accountId: string): Promise<void> {
    const due = new Date(this.clock.now().getTime() + this.config.worker.settlementCreditReadSeconds * 1000);
    return scheduleCreditRead(this.timers, accountId, due);
  }
}
