-- A run's end in one call: its final status message published (when given), its place in the
-- account's runs-at-once set given back, and the oldest run waiting on the account taken.
-- KEYS[1] sorted set of lease ids (the runs at once), KEYS[2] sorted set of waiting run ids
-- ARGV[1] lease id, ARGV[2] channel ('' for no message), ARGV[3] message
-- Returns the waiting run id taken, or nil.
if ARGV[2] ~= '' then
  redis.call('PUBLISH', ARGV[2], ARGV[3])
end
redis.call('ZREM', KEYS[1], ARGV[1])
local first = redis.call('ZPOPMIN', KEYS[2])
return first[1]
