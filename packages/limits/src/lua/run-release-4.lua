-- A run's end in one call, with the places of the call that started it and waits for it
-- (docs/adr/0308): that call's heavy place and long-poll place given back, then the run's final
-- status message published (when given), its place in the account's runs-at-once set given back,
-- and the oldest run waiting on the account taken (as run-release-2.lua).
-- KEYS[1] sorted set of lease ids (the runs at once), KEYS[2] sorted set of waiting run ids,
-- KEYS[3] the account's heavy-call places, KEYS[4] its long-poll places
-- ARGV[1] lease id, ARGV[2] channel ('' for no message), ARGV[3] message,
-- ARGV[4] heavy-call lease id, ARGV[5] long-poll lease id
-- Returns the waiting run id taken, or nil.
redis.call('ZREM', KEYS[3], ARGV[4])
redis.call('ZREM', KEYS[4], ARGV[5])
if ARGV[2] ~= '' then
  redis.call('PUBLISH', ARGV[2], ARGV[3])
end
redis.call('ZREM', KEYS[1], ARGV[1])
local first = redis.call('ZPOPMIN', KEYS[2])
return first[1]
