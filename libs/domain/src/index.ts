export * from './identifiers/random-id.js';
export * from './identifiers/api-key.js';
export * from './status-machine/status-machine.js';
export * from './keys/public-key.js';
