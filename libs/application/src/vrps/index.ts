export * from './vrp-view.js';
export * from './initiate-vrp.usecase.js';
export * from './list-vrps.usecase.js';
export * from './confirm-vrp-funds.usecase.js';
export * from './vrps-application.module.js';
export * from './vrp-payment-plug.js';
export { vrpEvents, vrpTimer } from './vrp-writes.js';
