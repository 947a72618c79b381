-- Give a place back. KEYS[1] sorted set of lease ids; ARGV[1] lease id. Returns 1 if it was held.
return redis.call('ZREM', KEYS[1], ARGV[1])
