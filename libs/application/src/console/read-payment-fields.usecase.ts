import { Injectable } from '@nestjs/common';
import { PrismaService } from '#libs/db';

/** A resource's plain fields (never sealed values or credentials), as name and text. */
export type ResourceFields = readonly (readonly [string, string])[];

/** The payment a console page shows. */
export interface ReadPaymentFieldsCommand {
  readonly paymentId: string;
}

/** A Payments v2 payment's page fields, by id (primary key): none of them sealed or secret. */
@Injectable()
export class ReadPaymentFieldsUseCase {
  constructor(private readonly prisma: PrismaService) {}

  async execute(command: ReadPaymentFieldsCommand): Promise<ResourceFields | undefined> {
    const row = await this.prisma.payment.findUnique({
      where: { id: command.paymentId },
      select: {
        id: true,
        memberId: true,
        refId: true,
        status: true,
        statusReasonInformation: true,
        amount: true,
        currency: true,
        refundStatus: true,
        refundedAmount: true,
        createdAt: true,
      },
    });
    if (row === null) return undefined;
    return [
      ['Id', row.id],
      ['Member', row.memberId],
      ['refId', row.refId],
      ['Status', row.status],
      ['Status reason', row.statusReasonInformation ?? ''],
      ['Amount', `${row.amount.toString()} ${row.currency}`],
      ['Refund status', row.refundStatus],
      ['Refunded amount', row.refundedAmount.toString()],
      ['Created', row.createdAt.toISOString()],
    ];
  }
}
