// Lets the pending tests import './helpers.mjs' as they will once moved up to tests/e2e/.
export * from '../helpers.mjs';
