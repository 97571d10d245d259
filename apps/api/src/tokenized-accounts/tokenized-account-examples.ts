import type { ExampleObject } from '@nestjs/swagger';

/** Request examples of POST /tokenized-accounts in the OpenAPI document. */
export const CREATE_TOKENIZED_ACCOUNT_EXAMPLES: Record<string, ExampleObject> = {
  ukAccount: {
    summary: 'A UK account (sort code and account number) at a named bank',
    value: {
      accountDetails: { sortCode: '040004', accountNumber: '12345678', name: 'John Smith' },
      bankId: 'ob-sandbox-gb',
    },
  },
  sepaAccount: {
    summary: 'A SEPA account (IBAN and BIC) with its owner and address',
    value: {
      accountDetails: {
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        name: 'Erika Mustermann',
        address: {
          streetName: 'Hauptstrasse',
          buildingNumber: '1',
          postCode: '10115',
          townName: 'Berlin',
          country: 'DE',
        },
      },
    },
  },
};

/** The answer of POST /tokenized-accounts: the id that stands for the account from now on. */
export const CREATE_TOKENIZED_ACCOUNT_ANSWER_EXAMPLE = { tokenizedAccountId: 'ta:BCS4jFNfWBDjw3X7BX4cXKKq' };

/** The answer of GET /tokenized-accounts/{tokenizedAccountId}. */
export const TOKENIZED_ACCOUNT_ANSWER_EXAMPLE = { accountDetails: { iban: 'DE89370400440532013000' } };

/** The answer of DELETE /tokenized-accounts/{tokenizedAccountId}: empty. */
export const DELETE_TOKENIZED_ACCOUNT_ANSWER_EXAMPLE = {};
