import { Get, Headers, Param, Query } from '@nestjs/common';
import { Call, type ObieCall } from '../http/obie-call.js';
import { ObieApiController } from '../http/obie-api.decorator.js';
import { ObieConsentRoutes } from '../http/obie-consent-routes.js';
import { AccountAccessConsentsService } from './account-access-consents.service.js';
import { AccountsService } from './accounts.service.js';

/** The header that tells the bank the user is present (reads without it are TPP-initiated). */
const CUSTOMER_IP = 'x-fapi-customer-ip-address';

/** Account information: account-access consents, accounts, balances, transactions, standing orders. */
@ObieApiController('aisp')
export class AccountsController extends ObieConsentRoutes('account-access-consents') {
  constructor(
    readonly consents: AccountAccessConsentsService,
    private readonly accounts: AccountsService,
  ) {
    super();
  }

  @Get('accounts')
  list(@Call() call: ObieCall, @Headers(CUSTOMER_IP) ip: string | undefined): Promise<object> {
    return this.accounts.list(call, ip);
  }

  @Get('accounts/:accountId')
  one(
    @Call() call: ObieCall,
    @Param('accountId') accountId: string,
    @Headers(CUSTOMER_IP) ip: string | undefined,
  ): Promise<object> {
    return this.accounts.one(call, accountId, ip);
  }

  @Get('accounts/:accountId/balances')
  balances(
    @Call() call: ObieCall,
    @Param('accountId') accountId: string,
    @Headers(CUSTOMER_IP) ip: string | undefined,
  ): Promise<object> {
    return this.accounts.balances(call, accountId, ip);
  }

  @Get('accounts/:accountId/transactions')
  transactions(
    @Call() call: ObieCall,
    @Param('accountId') accountId: string,
    @Query('fromBookingDateTime') from: string | undefined,
    @Query('toBookingDateTime') to: string | undefined,
    @Query('page') page: string | undefined,
    @Headers(CUSTOMER_IP) ip: string | undefined,
  ): Promise<object> {
    return this.accounts.transactions(call, accountId, { from, to, page }, ip);
  }

  @Get('accounts/:accountId/standing-orders')
  standingOrders(
    @Call() call: ObieCall,
    @Param('accountId') accountId: string,
    @Headers(CUSTOMER_IP) ip: string | undefined,
  ): Promise<object> {
    return this.accounts.standingOrders(call, accountId, ip);
  }
}
