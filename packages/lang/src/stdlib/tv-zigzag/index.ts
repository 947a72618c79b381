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

/** The built-in libraries' names and versions, as a message lists them. */
export function builtInLibrariesText(): string {
  return `TradingView/ta and TradingView/ZigZag versions ${ZIGZAG_VERSIONS.join(" and ")} are built in`;
}
