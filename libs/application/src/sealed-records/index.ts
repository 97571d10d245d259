export * from './sealed-record-rewrap.js';
export * from './sealed-records.module.js';
