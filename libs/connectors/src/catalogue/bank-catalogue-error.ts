/**
 * The bank catalogue file is unusable. Thrown at load (api start), so the process refuses to run
 * with a half-valid catalogue; the message names the file, the bank and the field at fault.
 */
export class BankCatalogueError extends Error {
  constructor(
    readonly source: string,
    /** `"<id>"`, or `entry <n>` (1-based) when the entry has no usable id; undefined for file-level problems. */
    readonly bank: string | undefined,
    /** Path of the field inside the entry (e.g. `countries[1]`, `connector.settings.baseUrl`). */
    readonly field: string | undefined,
    problem: string,
  ) {
    const where = [bank === undefined ? '' : `bank ${bank}`, field === undefined ? '' : `field ${field}`]
      .filter((part) => part !== '')
      .join(', ');
    super(`Bank catalogue ${source}: ${where === '' ? '' : `${where}: `}${problem}`);
    this.name = 'BankCatalogueError';
  }
}
