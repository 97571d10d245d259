/**
 * A UK Open Banking domestic payment consent request (OBWriteDomesticConsent4) as a TPP sends it
 * to the sandbox bank: the body the sandbox bank tests share.
 */
export const DOMESTIC_PAYMENT_CONSENT = {
  Data: {
    Initiation: {
      InstructionIdentification: 'ACME412',
      EndToEndIdentification: 'FRESCO.21302.GFX.20',
      InstructedAmount: { Amount: '165.88', Currency: 'GBP' },
      CreditorAccount: {
        SchemeName: 'UK.OBIE.SortCodeAccountNumber',
        Identification: '08080021325698',
        Name: 'ACME Inc',
        SecondaryIdentification: '0002',
      },
      RemittanceInformation: { Reference: 'FRESCO-101', Unstructured: 'Internal ops code 5120101' },
    },
  },
  Risk: { PaymentContextCode: 'EcommerceGoods' },
} as const;
