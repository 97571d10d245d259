/** A catalogue entry's connector settings that cannot work; names the bank and the field. */
export class ConnectorSettingsError extends Error {
  constructor(bankId: string, field: string, problem: string) {
    super(`Bank ${bankId}: connector.settings.${field} ${problem}`);
    this.name = 'ConnectorSettingsError';
  }
}
