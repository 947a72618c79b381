export { createAuthChain, clientIp, RATE_LIMITED_RETRY_AFTER, type AuthChain, type AuthChainDeps } from "./chain";
export { heavyCalls, takeWaitPlaceWithHeavy, waitPlaceOf, BUSY_HEAVY_RETRY_AFTER } from "./heavy";
export { LastUsedTracker, LAST_USED_FLUSH_MS } from "./last-used";
export { callerOf, toCaller, type Caller } from "./caller";
