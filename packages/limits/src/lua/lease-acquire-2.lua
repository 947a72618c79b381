-- Take a heavy-call place and, in the same call, a long-poll place (docs/adr/0234): the call that
-- will long-poll takes both at its heavy check. Each set follows lease-acquire-1's rules (expired
-- leases purged, a place taken only while fewer than the limit are held); the second is tried
-- only when the first was taken, so a call refused its heavy place holds nothing.
-- KEYS[1], KEYS[2] sorted sets of lease ids scored by expiry (ms, Redis clock): heavy, long polls
-- ARGV[1] heavy lease id, ARGV[2] heavy limit, ARGV[3] long-poll lease id, ARGV[4] long-poll
-- limit, ARGV[5] ttl (ms)
-- Returns {heavy taken (1|0), long-poll place taken (1|0)}.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local expiry = now + tonumber(ARGV[5])
local function take(key, id, limit)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= limit then
    return 0
  end
  redis.call('ZADD', key, expiry, id)
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', key, tonumber(last[2]))
  return 1
end
if take(KEYS[1], ARGV[1], tonumber(ARGV[2])) == 0 then
  return {0, 0}
end
return {1, take(KEYS[2], ARGV[3], tonumber(ARGV[4]))}
