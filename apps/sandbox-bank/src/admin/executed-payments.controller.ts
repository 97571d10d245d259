import { Controller, Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { FaultSubjects } from '../http/fault-subjects.js';
import { SandboxDb } from '../store/sandbox-db.js';
import { assertSandboxAdmin } from './sandbox-admin-auth.js';

/** One execution as the bank (or the settlement provider) holds it. */
interface Execution {
  readonly id: string;
  readonly kind: string;
  readonly status: string;
  readonly amount: { readonly value: string; readonly currency: string };
  readonly createdAt: string;
}

/** Where each standard's payment order carries its end-to-end id, as stored. */
const END_TO_END_PATHS: readonly (readonly string[])[] = [
  ['Data', 'Initiation', 'EndToEndIdentification'],
  ['Data', 'Instruction', 'EndToEndIdentification'],
  ['endToEndIdentification'],
];

/**
 * Sandbox-only admin route: every payment order a bank executed with an end-to-end id (domestic
 * payments, scheduled payments, VRPs, Berlin Group payments), or, under the settlement provider's
 * id, every payout sent with that refId, so a test counts executions. Same authorisation as the
 * faults.
 */
@Controller('sandbox/payments')
export class ExecutedPaymentsController {
  constructor(
    private readonly subjects: FaultSubjects,
    private readonly prisma: SandboxDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':bankId')
  async list(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Query('endToEndId') endToEndId: unknown,
  ): Promise<{ payments: Execution[] }> {
    assertSandboxAdmin(this.config, authorization);
    if (this.subjects.byId(bankId) === undefined) throw GatewayError.notFound(bankId, `No sandbox bank ${bankId}.`);
    if (typeof endToEndId !== 'string' || endToEndId === '')
      throw GatewayError.invalidField('endToEndId', 'endToEndId is required: the end-to-end id the payments carry.');
    return {
      payments:
        bankId === this.subjects.settlement.id ? await this.payouts(endToEndId) : await this.orders(bankId, endToEndId),
    };
  }

  private async orders(bankId: string, endToEndId: string): Promise<Execution[]> {
    const rows = await this.prisma.sbPayment.findMany({
      where: { bankId, OR: END_TO_END_PATHS.map((path) => ({ request: { path: [...path], equals: endToEndId } })) },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      amount: { value: row.amount.toFixed(2), currency: row.currency },
      createdAt: row.createdAt.toISOString(),
    }));
  }

  private async payouts(refId: string): Promise<Execution[]> {
    const rows = await this.prisma.sbSettlementPayout.findMany({ where: { refId }, orderBy: { createdAt: 'asc' } });
    return rows.map((row) => ({
      id: row.id,
      kind: 'payout',
      status: row.status,
      amount: { value: row.amount.toFixed(2), currency: row.currency },
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
