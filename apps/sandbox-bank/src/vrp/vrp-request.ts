import { accountAt, amountAt, objectAt, optionalObjectAt, optionalTextAt, textAt, type Json } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import {
  oneOf,
  PSU_AUTHENTICATION_METHODS,
  PSU_INTERACTION_TYPES,
  refuseSupplementaryData,
  type ControlParameters,
} from './vrp-consent-request.js';

/** OBExternalLocalInstrument1Code; the sandbox's VRPs go over Faster Payments only. */
const LOCAL_INSTRUMENTS = [
  'UK.OBIE.BACS',
  'UK.OBIE.BalanceTransfer',
  'UK.OBIE.CHAPS',
  'UK.OBIE.Euro1',
  'UK.OBIE.FPS',
  'UK.OBIE.Link',
  'UK.OBIE.MoneyTransfer',
  'UK.OBIE.Paym',
  'UK.OBIE.SEPACreditTransfer',
  'UK.OBIE.SEPAInstantCreditTransfer',
  'UK.OBIE.SWIFT',
  'UK.OBIE.Target2',
] as const;
const SUPPORTED_LOCAL_INSTRUMENT = 'UK.OBIE.FPS';

export interface VrpInstruction {
  readonly amount: string;
  readonly currency: string;
}

function fails(path: string, message: string): ObieError {
  return ObieError.badRequest('UK.OBIE.Rules.FailsControlParameters', message, path);
}

function mismatch(path: string, message: string): ObieError {
  return ObieError.badRequest('UK.OBIE.Resource.ConsentMismatch', message, path);
}

/** The account fields that say which account it is (the name is the payer's label). */
function sameAccount(a: Json, b: Json): boolean {
  return (
    a['SchemeName'] === b['SchemeName'] &&
    a['Identification'] === b['Identification'] &&
    (a['SecondaryIdentification'] ?? null) === (b['SecondaryIdentification'] ?? null)
  );
}

/**
 * OBDomesticVRPRequest's own fields, checked against its consent: PSUAuthenticationMethod and
 * PSUInteractionType among the consent's, the Instruction's creditor the consent's creditor (when
 * the consent names one) and its RemittanceInformation.Reference the consent's reference.
 * Initiation and Risk are compared whole elsewhere; the limits are vrp-limits.ts.
 */
export function validVrpRequest(data: Json, control: ControlParameters, consentInitiation: Json): VrpInstruction {
  const method = oneOf(data['PSUAuthenticationMethod'], PSU_AUTHENTICATION_METHODS, 'Data.PSUAuthenticationMethod');
  if (!control.PSUAuthenticationMethods.includes(method))
    throw fails(
      'Data.ControlParameters.PSUAuthenticationMethods',
      `The consent does not allow payments authenticated by ${method}.`,
    );
  if (data['PSUInteractionType'] !== undefined) {
    const interaction = oneOf(data['PSUInteractionType'], PSU_INTERACTION_TYPES, 'Data.PSUInteractionType');
    if (control.PSUInteractionTypes !== undefined && !control.PSUInteractionTypes.includes(interaction))
      throw fails('Data.ControlParameters.PSUInteractionTypes', `The consent does not allow ${interaction} payments.`);
  }

  const path = 'Data.Instruction';
  const instruction = objectAt(data, 'Instruction', path);
  textAt(instruction, 'InstructionIdentification', `${path}.InstructionIdentification`, 35);
  textAt(instruction, 'EndToEndIdentification', `${path}.EndToEndIdentification`, 35);
  if (instruction['LocalInstrument'] !== undefined) {
    const instrument = oneOf(instruction['LocalInstrument'], LOCAL_INSTRUMENTS, `${path}.LocalInstrument`);
    if (instrument !== SUPPORTED_LOCAL_INSTRUMENT)
      throw ObieError.badRequest(
        'UK.OBIE.Unsupported.LocalInstrument',
        `VRPs go over ${SUPPORTED_LOCAL_INSTRUMENT} only.`,
        `${path}.LocalInstrument`,
      );
  }
  refuseSupplementaryData(instruction, `${path}.SupplementaryData`);
  const creditor = accountAt(instruction, 'CreditorAccount', `${path}.CreditorAccount`, true);
  const consentCreditor = consentInitiation['CreditorAccount'] as Json | undefined;
  if (consentCreditor !== undefined && !sameAccount(creditor, consentCreditor))
    throw mismatch(`${path}.CreditorAccount`, 'Data.Instruction.CreditorAccount differs from the consent.');

  const remittance = optionalObjectAt(instruction, 'RemittanceInformation', `${path}.RemittanceInformation`);
  if (remittance !== undefined)
    optionalTextAt(remittance, 'Unstructured', `${path}.RemittanceInformation.Unstructured`, 140);
  const reference =
    remittance === undefined
      ? undefined
      : optionalTextAt(remittance, 'Reference', `${path}.RemittanceInformation.Reference`, 35);
  const consentReference = (consentInitiation['RemittanceInformation'] as Json | undefined)?.['Reference'];
  if (consentReference !== undefined && reference !== consentReference)
    throw mismatch(
      `${path}.RemittanceInformation.Reference`,
      'Data.Instruction.RemittanceInformation.Reference must repeat the consent Initiation.RemittanceInformation.Reference.',
    );

  const { Amount, Currency } = amountAt(instruction, 'InstructedAmount', `${path}.InstructedAmount`);
  return { amount: Amount, currency: Currency };
}
