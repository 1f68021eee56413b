export * from './oee.js';
export * from './cycle-stats.js';
export * from './energy.js';
export * from './periods.js';
export * from './report-labels.js';
export * from './figures.js';
export * from './cycle-bins.js';
export * from './products.js';
