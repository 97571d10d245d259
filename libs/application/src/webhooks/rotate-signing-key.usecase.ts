import { Injectable } from '@nestjs/common';
import { SigningKeyStore } from '#libs/events';

/** A new signing key signs from now on; the old one stays in the JWKS for WEBHOOK_KEY_GRACE_HOURS. */
@Injectable()
export class RotateSigningKeyUseCase {
  constructor(private readonly keys: SigningKeyStore) {}

  execute(): Promise<{ kid: string; retired: string[] }> {
    return this.keys.rotate();
  }
}
