import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { Prisma, RefundRegistrationRepository, type RefundRegistration } from '#libs/db';
import {
  newRefundRegistrationId,
  REFUND_REGISTRATION_SEAL_PURPOSE,
  type MemberId,
  type RefundParty,
  type RefundRegistrationInput,
} from '#libs/domain';
import { SecretBox } from '#libs/secrets';

/** The sealing context of a registration's credentials: bound to its row. */
function registrationContext(id: string): { readonly purpose: string; readonly recordId: string } {
  return { purpose: REFUND_REGISTRATION_SEAL_PURPOSE, recordId: id };
}

/** What a registration shows: never its credentials, only their names. */
export interface RefundRegistrationView {
  readonly id: string;
  readonly bankId: string;
  readonly debtor: RefundParty;
  readonly credentialNames: readonly string[];
  readonly createdAt: Date;
}

/** A registration with its credentials opened, for one bank call. */
export interface OpenedRefundRegistration {
  readonly id: string;
  readonly bankId: string;
  readonly debtor: RefundParty;
  readonly credentials: Readonly<Record<string, string>>;
}

/** Credential names are kept in clear beside the sealed values (they are not secret), for GET. */
interface SealedCredentials {
  readonly names: readonly string[];
}

/**
 * Refund registrations: the credentials sealed with the SecretBox (envelope encryption: a data
 * key per record wrapped by the key-encryption key; the registration id as record, so a value
 * copied to another row does not open), opened only for a refund's bank call, re-wrapped under
 * a new key-encryption key at worker start (SealedRecordRewrap), removed for good on delete.
 */
@Injectable()
export class RefundRegistrationVault {
  constructor(
    private readonly registrations: RefundRegistrationRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async store(memberId: MemberId, input: RefundRegistrationInput): Promise<RefundRegistrationView> {
    const id = newRefundRegistrationId();
    const sealedCredentials = await this.box.seal(registrationContext(id), JSON.stringify(input.credentials));
    const row = await this.registrations.create(memberId, {
      id,
      bankId: input.bankId,
      debtor: { ...input.debtor } as Prisma.InputJsonObject,
      sealedCredentials: `${Object.keys(input.credentials).join(',')}|${sealedCredentials}`,
      createdAt: this.clock.now(),
    });
    return viewOf(row);
  }

  async view(memberId: MemberId, id: string): Promise<RefundRegistrationView | undefined> {
    const row = await this.registrations.find(memberId, id);
    return row === null ? undefined : viewOf(row);
  }

  /** The registration a refund names with its credentials opened (the refund's owner), or undefined once deleted. */
  async openOfOwner(ownerId: string, id: string): Promise<OpenedRefundRegistration | undefined> {
    const row = await this.registrations.findOfOwner(ownerId, id);
    if (row === null) return undefined;
    const { sealed } = splitStored(row.sealedCredentials);
    const credentials = JSON.parse(await this.box.openText(registrationContext(row.id), sealed)) as Record<
      string,
      string
    >;
    return { id: row.id, bankId: row.bankId, debtor: row.debtor as unknown as RefundParty, credentials };
  }

  forget(memberId: MemberId, id: string): Promise<boolean> {
    return this.registrations.delete(memberId, id);
  }
}

/** The stored column: credential names (comma-separated), `|`, the sealed JSON of the credentials. */
function splitStored(stored: string): SealedCredentials & { readonly sealed: string } {
  const bar = stored.indexOf('|');
  return {
    names: bar <= 0 ? [] : stored.slice(0, bar).split(','),
    sealed: bar < 0 ? stored : stored.slice(bar + 1),
  };
}

function viewOf(row: RefundRegistration): RefundRegistrationView {
  return {
    id: row.id,
    bankId: row.bankId,
    debtor: row.debtor as unknown as RefundParty,
    credentialNames: splitStored(row.sealedCredentials).names,
    createdAt: row.createdAt,
  };
}
