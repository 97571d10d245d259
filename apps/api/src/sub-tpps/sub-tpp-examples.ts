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

/** The answer of POST /member/sub-tpps: the new sub-TPP’s id. */
export const CREATE_SUB_TPP_ANSWER_EXAMPLE = { subTppId: 'st:SkRp1em6io4nCbRE9DvKE5Ed' };

/** The answer of GET /member/sub-tpps: a parent and its child. */
export const SUB_TPPS_ANSWER_EXAMPLE = {
  subTpps: [
    {
      id: 'st:GiYXVAEiGXWtmUVBTVFHvCu3',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      name: 'Acme Marketplace',
      domain: 'shop.acme.example',
      mccCode: '5411',
      merchant: {
        bic: 'BUKBGB22',
        iban: 'GB33BUKB20201555555555',
        primaryUseCase: 'PIS: eCommerce merchant payment',
        legalEntityName: 'Acme Retail Ltd',
        merchantJurisdiction: 'GB',
        companyRegistrationNumber: '01234567',
      },
      parentSubTppId: 'st:SkRp1em6io4nCbRE9DvKE5Ed',
      childSubTppIds: [],
      restrictedCountries: [],
      status: 'ACTIVATED',
      createdAt: '2026-12-03T11:56:39.865Z',
      updatedAt: '2026-12-03T11:56:39.865Z',
    },
    {
      id: 'st:SkRp1em6io4nCbRE9DvKE5Ed',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      name: 'Acme Online Shop',
      domain: 'shop.acme.example',
      mccCode: '5411',
      merchant: {
        bic: 'BUKBGB22',
        iban: 'GB33BUKB20201555555555',
        primaryUseCase: 'PIS: eCommerce merchant payment',
        legalEntityName: 'Acme Retail Ltd',
        merchantJurisdiction: 'GB',
        companyRegistrationNumber: '01234567',
      },
      childSubTppIds: ['st:GiYXVAEiGXWtmUVBTVFHvCu3'],
      restrictedCountries: [],
      status: 'ACTIVATED',
      createdAt: '2026-12-03T11:56:39.854Z',
      updatedAt: '2026-12-03T11:56:39.854Z',
    },
  ],
};

/** The answer of GET /member/sub-tpps/{subTppId}. */
export const SUB_TPP_ANSWER_EXAMPLE = {
  subTpp: {
    id: 'st:SkRp1em6io4nCbRE9DvKE5Ed',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    name: 'Acme Online Shop',
    domain: 'shop.acme.example',
    mccCode: '5411',
    merchant: {
      bic: 'BUKBGB22',
      iban: 'GB33BUKB20201555555555',
      primaryUseCase: 'PIS: eCommerce merchant payment',
      legalEntityName: 'Acme Retail Ltd',
      merchantJurisdiction: 'GB',
      companyRegistrationNumber: '01234567',
    },
    childSubTppIds: ['st:GiYXVAEiGXWtmUVBTVFHvCu3'],
    restrictedCountries: [],
    status: 'ACTIVATED',
    createdAt: '2026-12-03T11:56:39.854Z',
    updatedAt: '2026-12-03T11:56:39.854Z',
  },
};

/** The answer of DELETE /member/sub-tpps/{subTppId}: empty. */
export const DELETE_SUB_TPP_ANSWER_EXAMPLE = {};

/** The answer of GET /member/sub-tpps/{subTppId}/children. */
export const SUB_TPP_CHILDREN_ANSWER_EXAMPLE = {
  subTpps: [
    {
      id: 'st:GiYXVAEiGXWtmUVBTVFHvCu3',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      name: 'Acme Marketplace',
      domain: 'shop.acme.example',
      mccCode: '5411',
      merchant: {
        bic: 'BUKBGB22',
        iban: 'GB33BUKB20201555555555',
        primaryUseCase: 'PIS: eCommerce merchant payment',
        legalEntityName: 'Acme Retail Ltd',
        merchantJurisdiction: 'GB',
        companyRegistrationNumber: '01234567',
      },
      parentSubTppId: 'st:SkRp1em6io4nCbRE9DvKE5Ed',
      childSubTppIds: [],
      restrictedCountries: [],
      status: 'ACTIVATED',
      createdAt: '2026-12-03T11:56:39.865Z',
      updatedAt: '2026-12-03T11:56:39.865Z',
    },
  ],
};
