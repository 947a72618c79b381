// TradingView's ZigZag library built in: `import TradingView/ZigZag/<version> as zz` links our own
// library script for that version (./source.ts, docs/adr/0195-tradingview-zigzag-library.md)
// before any Resolver is asked, as TradingView/ta is built in (check/tradingview-libraries.ts).

import type { ResolvedScript } from "../../types";
import { ZIGZAG_VERSIONS, zigzagLibrarySource } from "./source";

export { ZIGZAG_VERSIONS };

/** The built-in library script for `owner/slug/version`, or null when none is built in. */
export function builtInLibrary(owner: string, slug: string, version: number): ResolvedScript | null {
  if (owner !== "TradingView" || slug !== "ZigZag") return null;
  const content = zigzagLibrarySource(version);
  return content === null ? null : { owner, slug, kind: "library", version, files: [{ path: "main.pine", content }] };
}

/** "6, 7 and 9". */
function versionsText(): string {
  const v = ZIGZAG_VERSIONS.map(String);
  return v.length < 2 ? v.join("") : `${v.slice(0, -1).join(", ")} and ${v[v.length - 1]!}`;
}

/** The built-in libraries' names and versions, as a message lists them. */
export function builtInLibrariesText(): string {
  return `TradingView/ta and TradingView/ZigZag versions ${versionsText()} are built in`;
}

/**
 * Why an import of TradingView's own library `TradingView/slug/version` found no script: that
 * version of a library built in here is not (naming the versions that are), or that library is not
 * built in (docs/adr/0276-tradingview-libraries-not-built-in.md). Null for another owner.
 */
export function tradingViewLibraryMiss(owner: string, slug: string, version: number): string | null {
  if (owner !== "TradingView") return null;
  if (slug === "ZigZag") {
    const latest = ZIGZAG_VERSIONS[ZIGZAG_VERSIONS.length - 1]!;
    return `TradingView's ZigZag library is built in here at versions ${versionsText()} only, not version ${version}: import one of them (\`import TradingView/ZigZag/${latest} as zz\`).`;
  }
  return `TradingView's ${slug} library is not built in here (only ${builtInLibrariesText()}): save the library's source as a library script and import it by its owner/slug/version, or copy the functions the script uses into it.`;
}
