// Accounts and API keys: the one place their rules live, used by the admin CLI and the API.
export { authChange, type AuthChanges } from "./auth-changes";
export { AccountsError, type AccountsErrorReason } from "./errors";
export { createAccount, admitAccount, setAccountPlan, findAccountByEmail, normalizeEmail, type AccountWithPlan, type CreateAccountInput } from "./accounts";
export { HANDLE_PATTERN, HANDLE_RULE, RESERVED_HANDLES, checkHandle, randomHandle } from "./handles";
export { hashPassword, verifyPassword, MIN_PASSWORD_LENGTH } from "./passwords";
export { randomBase62, newId } from "./random";
export {
  KEY_SCOPES, MAX_LIVE_KEYS, KEY_PREFIX_LENGTH, generateKeySecret, hashKeySecret, isKeyScope, parseScopes, createApiKey,
  findKeyForAuth, findKeyForAuthByHash, keyHashOf, revokeApiKey, listApiKeys, recordKeysUsed,
  type KeyScope, type CreateKeyInput, type CreatedKey, type KeyForAuth, type KeyPageInput,
} from "./keys";
export { countUsage, monthOf, type UsageCounts, type UsagePeriod } from "./usage";
