import { Body, Get, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SettlementApiController } from './settlement-api.decorator.js';
import { SettlementApiError } from './settlement-api-error.js';
import { SettlementPayoutsService } from './settlement-payouts.service.js';
import { payoutBody } from './settlement-representations.js';
import { SendPayoutRequest } from './settlement-requests.dto.js';

/** Payouts from settlement accounts: sent once per payoutId, read (a read moves its scenario on). */
@SettlementApiController('payouts')
export class SettlementPayoutsController {
  constructor(private readonly payouts: SettlementPayoutsService) {}

  @Post()
  async send(@Body() body: SendPayoutRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<object> {
    const { creditor } = body;
    if (creditor.iban === undefined && (creditor.sortCode === undefined || creditor.accountNumber === undefined))
      throw SettlementApiError.invalid('creditor needs an iban, or a sortCode and an accountNumber.');
    const { payout, created } = await this.payouts.send({
      payoutId: body.payoutId,
      accountId: body.accountId,
      amount: body.amount.value,
      currency: body.amount.currency,
      refId: body.refId,
      description: body.description,
      creditor: { ...creditor },
    });
    void reply.status(created ? 201 : 200);
    return payoutBody(payout);
  }

  @Get(':id')
  async read(@Param('id') id: string): Promise<object> {
    return payoutBody(await this.payouts.read(id));
  }
}
