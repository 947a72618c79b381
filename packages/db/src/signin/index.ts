// Browser sign-in: device authorizations (API #26-#27 and /device) and web sessions.
export { USER_CODE_ALPHABET, USER_CODE_LENGTH, generateUserCode, normalizeUserCode, formatUserCode } from "./user-codes";
export {
  DEVICE_CODE_TTL_SECONDS, DEVICE_POLL_INTERVAL_SECONDS, SLOW_DOWN_STEP_SECONDS, DEFAULT_CLIENT_NAME,
  hashDeviceCode, startDeviceAuthorization, findPendingByUserCode, decideDeviceAuthorization, pollDeviceAuthorization,
  type StartedDeviceAuthorization, type DecideInput, type PollResult,
} from "./device";
export { SESSION_TTL_SECONDS, hashSessionToken, createWebSession, findWebSession, deleteWebSession, type ActiveSession } from "./sessions";
export { countLiveKeys } from "./keys";
