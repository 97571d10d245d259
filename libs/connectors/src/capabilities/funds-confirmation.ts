import type { BankCallContext, Money } from '../bank-types.js';

/** Whether the user's account holds an amount, under a consent the user gave. */
export interface FundsCheck {
  readonly bankConsentId: string;
  readonly grant?: string;
  readonly amount: Money;
  readonly reference: string;
}

export interface FundsConfirmationCapability {
  confirmFunds(ctx: BankCallContext, check: FundsCheck): Promise<{ readonly fundsAvailable: boolean }>;
}
