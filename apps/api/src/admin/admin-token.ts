/** Injection token for the admin bearer token in force (configured, or generated in sandbox). */
export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');
