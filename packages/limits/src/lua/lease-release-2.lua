-- Give two places back in one call (a call's heavy place and its long-poll place).
-- KEYS[1], KEYS[2] sorted sets of lease ids; ARGV[1], ARGV[2] their lease ids.
-- Returns the number of places that were held (as lease-release-1, summed).
return redis.call('ZREM', KEYS[1], ARGV[1]) + redis.call('ZREM', KEYS[2], ARGV[2])
