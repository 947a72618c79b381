-- Exact rolling-window log: count this call unless the window is full.
-- KEYS[1] sorted set of calls scored by time (ms, Redis clock)
-- ARGV[1] limit, ARGV[2] window (ms), ARGV[3] a unique member for this call
-- Returns {allowed (1|0), count in the window after this call, ms until the window has room (0 if it has)}.
-- A refused call is not recorded.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  allowed = 1
end
local reset = 0
if count >= limit and count > 0 then
  -- room again once the oldest entries that put the window at its limit have left it
  local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  reset = tonumber(oldest[2]) + window - now
  if reset < 0 then reset = 0 end
end
return {allowed, count, reset}
