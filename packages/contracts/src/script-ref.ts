// A script named in one string as `owner/slug` (`core/rsi`): how a Run names its script, how the
// CLI and the connector take another account's script, and the runs list's `script` filter
// (docs/adr/0363). One reading for all of them.

/** The two parts of `owner/slug`; null for a plain slug, an empty part or more than one `/`. */
export function ownerSlug(text: string): { owner: string; slug: string } | null {
  const [owner, slug, ...rest] = text.split("/");
  return rest.length === 0 && owner && slug ? { owner, slug } : null;
}
