import { isAbsent } from './field-check.js';
import { DebtorAddressDto } from './address.dto.js';
import { AccountFieldsDto, accountProblemAt } from './account-fields.dto.js';
import { NestedField, TextField } from './field-decorators.js';

const notWithAccountOnFile = (field: string) => (_value: string, object: object) => accountProblemAt(object, field);

/**
 * initiation.debtor: an Account on File reference (`tokenizedAccountId` alone) or the payer's
 * account details (identifiers in the rail's form, optional name and address), never both.
 */
export class DebtorDto extends AccountFieldsDto {
  static readonly fieldPath = 'initiation.debtor';
  static readonly accountRole = 'debtor';

  @TextField({
    description: 'An Account on File reference (tokenized account id); nothing else may be given with it.',
    max: 128,
    example: 'tai:4HoNxTfhn9EjwNnQmjGCsWsuYS7S:5zJAqBcE',
  })
  tokenizedAccountId?: string;

  @TextField({
    description: "The debtor account owner's name.",
    max: 140,
    rule: notWithAccountOnFile('name'),
    example: 'John Smith',
  })
  name?: string;

  @TextField({ description: "The ultimate debtor's name.", max: 140, rule: notWithAccountOnFile('ultimateDebtorName') })
  ultimateDebtorName?: string;

  @NestedField({
    description: "The debtor's address.",
    type: () => DebtorAddressDto,
    rule: (_child, object) =>
      isAbsent((object as DebtorDto).tokenizedAccountId) ? undefined : accountProblemAt(object, 'address'),
  })
  address?: DebtorAddressDto;
}
