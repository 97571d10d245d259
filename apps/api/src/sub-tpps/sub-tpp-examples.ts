import type { ExampleObject } from '@nestjs/swagger';

const MERCHANT = {
  merchantJurisdiction: 'GB',
  legalEntityName: 'Acme Retail Ltd',
  companyRegistrationNumber: '01234567',
  primaryUseCase: 'PIS: eCommerce merchant payment',
  iban: 'GB33BUKB20201555555555',
  bic: 'BUKBGB22',
};

/** Request examples of POST /member/sub-tpps in the OpenAPI document. */
export const CREATE_SUB_TPP_EXAMPLES: Record<string, ExampleObject> = {
  oldFlow: {
    summary: 'Old onboarding flow: the sub-TPP is ACTIVATED at once',
    value: { name: 'Acme Shop', domain: 'shop.acme.example', mccCode: '5411', merchant: MERCHANT },
  },
  newFlow: {
    summary: 'New onboarding flow (useNewFlow): the sub-TPP starts AWAITING_APPROVAL',
    value: { name: 'Acme Market', domain: 'market.acme.example', merchant: MERCHANT, useNewFlow: true },
  },
  child: {
    summary: 'A child of one of the member’s ACTIVATED sub-TPPs',
    value: {
      name: 'Acme Shop North',
      domain: 'north.shop.acme.example',
      parentSubTppId: 'st:7Hn2KqWcYt4RbXe9LmPzA3Ds',
      merchant: MERCHANT,
    },
  },
};
