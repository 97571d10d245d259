/**
 * Turns a secret reference from a catalogue entry into the secret: `literal:<value>` (sandbox
 * only) or `env:<NAME>`. Connectors get a resolver injected and never read the environment.
 */
export interface SecretResolver {
  /** The secret, or a SecretResolutionError naming the reference (never its value). */
  resolve(ref: string): string;
}

export class SecretResolutionError extends Error {
  constructor(
    readonly ref: string,
    problem: string,
  ) {
    super(`Secret reference ${ref.startsWith('literal:') ? 'literal:…' : ref} ${problem}`);
    this.name = 'SecretResolutionError';
  }
}

export const SECRET_REF_PATTERN = /^(literal:.+|env:[A-Za-z_][A-Za-z0-9_]*)$/s;

/**
 * A resolver over a map of named values: `env:NAME` looks NAME up in `values`, which the
 * process's composition root fills from its configuration.
 */
export function createSecretResolver(values: Readonly<Record<string, string | undefined>>): SecretResolver {
  return {
    resolve(ref: string): string {
      if (ref.startsWith('literal:')) return ref.slice('literal:'.length);
      if (ref.startsWith('env:')) {
        const value = values[ref.slice('env:'.length)];
        if (value === undefined || value === '')
          throw new SecretResolutionError(ref, 'names a variable that is not set');
        return value;
      }
      throw new SecretResolutionError(ref, "must start with 'literal:' or 'env:'");
    },
  };
}
