// The pricing domain's public surface: the credit packs on sale.
export { CREDIT_PACKS } from './credit-packs.js';
