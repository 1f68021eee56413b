export * from './gcj02.js';
export * from './geometry.js';
export * from './wifi-estimate.js';
export * from './thinning.js';
export * from './location.js';
