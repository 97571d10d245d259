/** Names of the values the global setup provides to every test file. */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
    redisUrl: string;
  }
}

export {};
