// The auth domain's public surface: what other domains (and the session guard in http/) may use.
export { inAuthCall } from './auth-calls.js';
export { type Auth, offeredSignInMethods, type SignedInUser, sessionUser } from './service.js';
export { SessionCache } from './session-cache.js';
export {
  accountKeyOf,
  noteSignInFailure,
  refuseWhileThrottled,
  type SignInFailureKey,
  type SignInThrottleRule,
} from './sign-in-throttle.js';
export { clearedUserCookie, userCookie } from './user-cookie.js';
