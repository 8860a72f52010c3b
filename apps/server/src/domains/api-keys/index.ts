// The api-keys domain's public surface: what other domains may use. The public API authenticates
// with the service and counts a key's monthly characters through the quota operations (both `...In`,
// inside the caller's transaction) and reads them back for the usage routes; speech signs completion
// callbacks with a user's secret.

export { addMonthCharactersIn, monthCharactersOf, refundMonthCharactersIn, signingSecretFor } from './repository.js';
export { apiKeyRoutes } from './routes.js';
export { ApiKeyService, type ApiPrincipal } from './service.js';
