export * from './sub-tpp-owner.js';
export * from './sub-tpp-view.js';
export * from './create-sub-tpp.usecase.js';
export * from './list-sub-tpps.usecase.js';
export * from './get-sub-tpp.usecase.js';
export * from './list-sub-tpp-children.usecase.js';
export * from './delete-sub-tpp.usecase.js';
export * from './sub-tpps-application.module.js';
