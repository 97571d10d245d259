import type { Bank } from '#libs/db';
import type { InitiationBank } from '#libs/domain';

/** A catalogue bank as the initiation rules (payments and VRP consents) read it. */
export function initiationBankOf(bank: Bank): InitiationBank {
  return {
    id: bank.id,
    supportedLocalInstruments: bank.supportedLocalInstruments,
    features: bank.features as Record<string, boolean>,
    countries: bank.countries,
  };
}
