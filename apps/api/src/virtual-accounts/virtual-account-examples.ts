import type { ExampleObject } from '@nestjs/swagger';

/** Request examples of POST /virtual-accounts in the OpenAPI document. */
export const CREATE_VIRTUAL_ACCOUNT_EXAMPLES: Record<string, ExampleObject> = {
  eur: {
    summary: 'A EUR settlement account (IBAN and BIC)',
    value: { currency: 'EUR', country: 'DE', accountNickName: 'Marketplace EUR' },
  },
  gbp: {
    summary: 'A GBP settlement account (sort code and account number)',
    value: { currency: 'GBP', country: 'GB', accountNickName: 'Marketplace GBP' },
  },
  onBehalfOf: {
    summary: 'An account opened for one of the member’s sub-TPPs',
    value: { currency: 'EUR', country: 'NL', onBehalfOfId: 'st:7Hn2KqWcYt4RbXe9LmPzA3Ds' },
  },
};
