// Every change to what a key lookup returns (a key revoked, an account admitted or moved to
// another plan) goes through `authChange`: the API processes keep key lookups cached and drop
// them when the account's auth epoch moves (docs/adr/0082-key-lookup-cache.md). The epoch is
// bumped before the write (so a write whose epoch cannot be bumped, Redis being down, is not
// made) and again after its commit (so a lookup read while the write was in flight is dropped).

/** What a writer of key, account or plan rows tells the API processes; packages/limits' AuthEpochs. */
export interface AuthChanges {
  accountChanged(accountId: string): Promise<void>;
}

export async function authChange<T>(changes: AuthChanges, accountId: string, write: () => Promise<T>): Promise<T> {
  await changes.accountChanged(accountId);
  const result = await write();
  await changes.accountChanged(accountId);
  return result;
}
