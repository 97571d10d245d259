import { Injectable } from '@nestjs/common';
import type { Payment } from '#libs/db';
import { HostedPayments } from './hosted-payments.js';
import { countriesOf, narrowBanks, type BankSearch, type SelectableBank } from './selectable-banks.js';

/** The bank selection page's content. */
export interface BankSelection {
  readonly payment: Payment;
  /** The banks shown: those that can make the payment, narrowed by the user's search. */
  readonly banks: readonly SelectableBank[];
  /** How many banks can make the payment at all. */
  readonly selectableCount: number;
  /** The countries of the banks that can make the payment (the country filter's options). */
  readonly countries: readonly string[];
  readonly search: BankSearch;
}

export type NotChoosable = {
  readonly kind: 'not-choosable';
  readonly reason: 'expired' | 'past-selection';
  readonly payment: Payment;
};

export type BankSelectionOutcome =
  { readonly kind: 'unknown-token' } | NotChoosable | { readonly kind: 'choose'; readonly selection: BankSelection };

/** The hosted payment page's token and the user's search of its banks. */
export interface ShowBankSelectionCommand {
  readonly token: string;
  readonly search: BankSearch;
}

/** GET /hosted-pages/payments/{token}: the payment and the banks the user may pick from. */
@Injectable()
export class ShowBankSelectionUseCase {
  constructor(private readonly hosted: HostedPayments) {}

  async execute({ token, search }: ShowBankSelectionCommand): Promise<BankSelectionOutcome> {
    const payment = await this.hosted.byToken(token);
    if (payment === null) return { kind: 'unknown-token' };
    const choosability = this.hosted.choosability(payment);
    if (choosability !== 'choosable') return { kind: 'not-choosable', reason: choosability, payment };
    return { kind: 'choose', selection: selectionOf(payment, await this.hosted.selectableFor(payment), search) };
  }
}

export function selectionOf(
  payment: Payment,
  selectable: readonly SelectableBank[],
  search: BankSearch,
): BankSelection {
  return {
    payment,
    banks: narrowBanks(selectable, search),
    selectableCount: selectable.length,
    countries: countriesOf(selectable),
    search,
  };
}
