/** A data key wrapped (encrypted) by a key-encryption key (KEK), and the id of that KEK. */
export interface WrappedKey {
  readonly kekId: string;
  readonly wrapped: Buffer;
}

/**
 * What envelope encryption needs from a key management service: wrap a record's data key under
 * the current key-encryption key, and unwrap one wrapped under any KEK it still holds. A local
 * keyring from configuration implements it (LocalKms); a cloud KMS can take its place.
 */
export interface KeyEncryptionService {
  /** Id of the KEK that wraps new data keys. */
  readonly currentKekId: string;
  wrapKey(dataKey: Uint8Array): Promise<WrappedKey>;
  /** The data key; throws SecretOpenError ('unknown-key-encryption-key' or 'tampered'). */
  unwrapKey(key: WrappedKey): Promise<Buffer>;
}
