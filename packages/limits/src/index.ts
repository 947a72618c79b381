export { createLimits, REQUESTS_WINDOW_MS, type Limits, type LimitsOptions, type HeavyAccount, type WaitAccount, type RunAccount, type RateAccount, type KeyedHit } from "./limits";
export { LeaseSemaphore, Lease, releaseTogether, releaseAndPop, LEASE_TTL_MS, LEASE_RENEW_MS, type LeaseOptions, type Message, type SemaphoreOptions } from "./semaphore";
export { RollingWindow, type WindowHit } from "./window";
export { FailedKeyGuard, FAILED_KEY_THRESHOLD, FAILED_KEY_WINDOW_MS, FAILED_KEY_RETRY_AFTER } from "./failed-keys";
export { LuaScript } from "./lua";
export { AuthEpochs } from "./auth-epochs";
