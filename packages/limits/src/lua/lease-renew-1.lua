-- Push a held lease's expiry forward. A lease that already expired is not brought back.
-- KEYS[1] sorted set of lease ids; ARGV[1] lease id, ARGV[2] ttl (ms)
-- Returns 1 when renewed, 0 when the lease is gone.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) <= now then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 0
end
local expiry = now + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], 'XX', expiry, ARGV[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], tonumber(last[2]))
return 1
