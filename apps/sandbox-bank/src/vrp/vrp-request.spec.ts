import { describe, expect, it } from 'vitest';
import { validVrpConsentData, type ControlParameters } from './vrp-consent-request.js';
import { validVrpRequest } from './vrp-request.js';

type Json = Record<string, unknown>;

const CREDITOR = { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '20000055779911', Name: 'Pot Ltd' };

function consentData(control: Json = {}, initiation: Json = {}): Json {
  return {
    ReadRefundAccount: 'Yes',
    ControlParameters: {
      VRPType: ['UK.OBIE.VRPType.Sweeping'],
      PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
      PSUInteractionTypes: ['OffSession'],
      MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
      PeriodicLimits: [{ PeriodType: 'Month', PeriodAlignment: 'Calendar', Amount: '80.00', Currency: 'GBP' }],
      ...control,
    },
    Initiation: { CreditorAccount: CREDITOR, RemittanceInformation: { Reference: 'SWEEP' }, ...initiation },
  };
}

describe('validVrpConsentData (OBDomesticVRPConsentRequest)', () => {
  it('reads the control parameters of a sweeping consent', () => {
    expect(validVrpConsentData(consentData())).toMatchObject({
      VRPType: ['UK.OBIE.VRPType.Sweeping'],
      PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
      PSUInteractionTypes: ['OffSession'],
    });
  });

  it('a commercial (Other) consent may leave the creditor to each payment', () => {
    const data = consentData({ VRPType: ['UK.OBIE.VRPType.Other'] }, { CreditorAccount: undefined });
    expect(validVrpConsentData(JSON.parse(JSON.stringify(data)) as Json).VRPType).toEqual(['UK.OBIE.VRPType.Other']);
  });

  it.each([
    [{ VRPType: ['UK.OBIE.VRPType.Recurring'] }, {}, 'UK.OBIE.Field.Invalid', 'Data.ControlParameters.VRPType[0]'],
    [{ VRPType: [] }, {}, 'UK.OBIE.Field.Invalid', 'Data.ControlParameters.VRPType'],
    [{ VRPType: undefined }, {}, 'UK.OBIE.Field.Missing', 'Data.ControlParameters.VRPType'],
    [
      { PSUAuthenticationMethods: ['UK.OBIE.Biometric'] },
      {},
      'UK.OBIE.Field.Invalid',
      'Data.ControlParameters.PSUAuthenticationMethods[0]',
    ],
    [
      { PSUInteractionTypes: ['Sometimes'] },
      {},
      'UK.OBIE.Field.Invalid',
      'Data.ControlParameters.PSUInteractionTypes[0]',
    ],
    [
      { PeriodicLimits: [{ PeriodType: 'Fortnight', PeriodAlignment: 'Calendar', Amount: '1.00', Currency: 'GBP' }] },
      {},
      'UK.OBIE.Field.Invalid',
      'Data.ControlParameters.PeriodicLimits[0].PeriodAlignment',
    ],
    [
      { PeriodicLimits: [{ PeriodType: 'Quarter', PeriodAlignment: 'Consent', Amount: '1.00', Currency: 'GBP' }] },
      {},
      'UK.OBIE.Field.Invalid',
      'Data.ControlParameters.PeriodicLimits[0].PeriodType',
    ],
    [{ PeriodicLimits: [] }, {}, 'UK.OBIE.Field.Invalid', 'Data.ControlParameters.PeriodicLimits'],
    [
      { ValidFromDateTime: '2026-12-01T00:00:00Z', ValidToDateTime: '2026-11-01T00:00:00Z' },
      {},
      'UK.OBIE.Field.InvalidDate',
      'Data.ControlParameters.ValidToDateTime',
    ],
    [
      { SupplementaryData: { sweepOnly: true } },
      {},
      'UK.OBIE.Field.Unexpected',
      'Data.ControlParameters.SupplementaryData',
    ],
    [{}, { CreditorAccount: undefined }, 'UK.OBIE.Field.Missing', 'Data.Initiation.CreditorAccount'],
  ])('refuses control %o / initiation %o with %s at %s', (control, initiation, errorCode, path) => {
    const data = JSON.parse(JSON.stringify(consentData(control, initiation))) as Json;
    expect(() => validVrpConsentData(data)).toThrow(expect.objectContaining({ status: 400, errorCode, path }));
  });
});

describe('validVrpRequest (OBDomesticVRPRequest against its consent)', () => {
  const control: ControlParameters = validVrpConsentData(consentData());
  const initiation = consentData()['Initiation'] as Json;
  const request = (data: Json = {}, instruction: Json = {}): Json => ({
    ConsentId: 'VRC-1',
    PSUAuthenticationMethod: 'UK.OBIE.SCANotRequired',
    PSUInteractionType: 'OffSession',
    Initiation: initiation,
    Instruction: {
      InstructionIdentification: 'I-1',
      EndToEndIdentification: 'E-1',
      LocalInstrument: 'UK.OBIE.FPS',
      InstructedAmount: { Amount: '10.00', Currency: 'GBP' },
      CreditorAccount: { ...CREDITOR, Name: 'Pot' },
      RemittanceInformation: { Reference: 'SWEEP', Unstructured: 'November' },
      ...instruction,
    },
    ...data,
  });

  it('reads the instructed amount', () => {
    expect(validVrpRequest(request(), control, initiation)).toEqual({ amount: '10.00', currency: 'GBP' });
  });

  it.each([
    [
      { PSUAuthenticationMethod: 'UK.OBIE.SCA' },
      {},
      'UK.OBIE.Rules.FailsControlParameters',
      'Data.ControlParameters.PSUAuthenticationMethods',
    ],
    [{ PSUAuthenticationMethod: undefined }, {}, 'UK.OBIE.Field.Missing', 'Data.PSUAuthenticationMethod'],
    [
      { PSUInteractionType: 'InSession' },
      {},
      'UK.OBIE.Rules.FailsControlParameters',
      'Data.ControlParameters.PSUInteractionTypes',
    ],
    [
      {},
      { LocalInstrument: 'UK.OBIE.CHAPS' },
      'UK.OBIE.Unsupported.LocalInstrument',
      'Data.Instruction.LocalInstrument',
    ],
    [
      {},
      { CreditorAccount: { ...CREDITOR, Identification: '20000011111111' } },
      'UK.OBIE.Resource.ConsentMismatch',
      'Data.Instruction.CreditorAccount',
    ],
    [
      {},
      { RemittanceInformation: { Reference: 'OTHER' } },
      'UK.OBIE.Resource.ConsentMismatch',
      'Data.Instruction.RemittanceInformation.Reference',
    ],
    [{}, { SupplementaryData: { x: 1 } }, 'UK.OBIE.Field.Unexpected', 'Data.Instruction.SupplementaryData'],
    [{}, { CreditorAccount: undefined }, 'UK.OBIE.Field.Missing', 'Data.Instruction.CreditorAccount'],
  ])('refuses %o / instruction %o with %s at %s', (data, instruction, errorCode, path) => {
    const body = JSON.parse(JSON.stringify(request(data, instruction))) as Json;
    expect(() => validVrpRequest(body, control, initiation)).toThrow(
      expect.objectContaining({ status: 400, errorCode, path }),
    );
  });
});
