-- The check chain's two Redis rows in one round trip: row 1 (the IP's failed key checks) and, only
-- when the IP is not blocked, row 6 (count this call unless the account's window is full), same
-- rules as window-count-1 then window-hit-1 (a blocked or refused call is not recorded); plus the
-- auth epochs of the account, for a key the API process may hold cached (docs/adr/0082-key-lookup-cache.md).
-- KEYS[1] the IP's failed-check log, KEYS[2] the account's request log (sorted sets, ms scores),
-- KEYS[3] the account's auth epoch (an integer bumped by every writer of its key, account or plan
-- rows), KEYS[4] the deployment's auth generation (a random token; set here when missing, so a
-- flushed or restarted Redis never matches an epoch read before)
-- ARGV[1] failed-check window (ms), ARGV[2] failed checks allowed (blocked when more),
-- ARGV[3] requests allowed, ARGV[4] request window (ms), ARGV[5] a unique member for this call;
-- ARGV[6] the epochs the caller expects ("" for none);
-- ARGV[7] 1: refuse to count when they differ (a cached key; the caller reads Postgres again),
-- 0: count anyway (the key was just read from Postgres); ARGV[8] a fresh random token
-- Returns {state (0 counted or refused by row 6, 1 IP blocked, 2 stale), allowed, count, ms until
-- room, the current epochs "account:generation"}.
local generation = redis.call('GET', KEYS[4])
if not generation then
  generation = ARGV[8]
  redis.call('SET', KEYS[4], generation)
end
local epochs = (redis.call('GET', KEYS[3]) or '0') .. ':' .. generation
if ARGV[7] == '1' and epochs ~= ARGV[6] then
  return {2, 0, 0, 0, epochs}
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) > tonumber(ARGV[2]) then
  return {1, 0, 0, 0, epochs}
end
local limit = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[2])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[2], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[2], window)
  count = count + 1
  allowed = 1
end
local reset = 0
if count >= limit and count > 0 then
  local oldest = redis.call('ZRANGE', KEYS[2], count - limit, count - limit, 'WITHSCORES')
  reset = tonumber(oldest[2]) + window - now
  if reset < 0 then reset = 0 end
end
return {0, allowed, count, reset, epochs}
