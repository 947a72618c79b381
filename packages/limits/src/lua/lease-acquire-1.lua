-- Take a place in a leased semaphore, atomically.
-- KEYS[1] sorted set of lease ids scored by expiry (ms, Redis clock)
-- ARGV[1] lease id, ARGV[2] limit, ARGV[3] ttl (ms)
-- Returns {1, used} when taken (or already held: then its expiry is pushed), {0, used} when full.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local expiry = now + tonumber(ARGV[3])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], expiry, ARGV[1])
  redis.call('PEXPIREAT', KEYS[1], expiry)
  return {1, redis.call('ZCARD', KEYS[1])}
end
local used = redis.call('ZCARD', KEYS[1])
if used >= tonumber(ARGV[2]) then
  return {0, used}
end
redis.call('ZADD', KEYS[1], expiry, ARGV[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], tonumber(last[2]))
return {1, used + 1}
