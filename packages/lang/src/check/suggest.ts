// Porting help: the closest supported built-in to a misspelled or refused name ("did you mean"),
// and the v5/v6 spelling of v4 parameters (`transp =`). Distances are Damerau-free Levenshtein
// over the names of the built-in table; a name in a namespace is compared with that namespace
// first, so `ta.smaa` gives `ta.sma`, not `math.sum`.

import { BUILTIN_FUNCTIONS, BUILTIN_VARIABLES } from "../builtins";

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

/** The nearest name of `names` within a third of the name's length (at least 1, at most 3), or null. */
function nearest(name: string, names: Iterable<string>): string | null {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | null = null;
  let bestD = limit + 1;
  for (const n of names) {
    if (Math.abs(n.length - name.length) > limit) continue;
    const d = distance(name.toLowerCase(), n.toLowerCase());
    if (d < bestD || (d === bestD && best !== null && n < best)) {
      best = n;
      bestD = d;
    }
  }
  return best;
}

function candidates(kind: "function" | "variable" | "any"): string[] {
  const f = kind === "variable" ? [] : [...BUILTIN_FUNCTIONS.keys()];
  const v = kind === "function" ? [] : [...BUILTIN_VARIABLES.keys()];
  return [...f, ...v];
}

/**
 * " Did you mean `ta.sma`?" for `ta.smaa`; also a bare name that exists in a namespace (`stdev`
 * gives `ta.stdev`, as v4 scripts wrote it). Empty when nothing is close.
 */
export function didYouMean(name: string, kind: "function" | "variable" | "any"): string {
  const all = candidates(kind);
  const dot = name.lastIndexOf(".");
  const ns = dot < 0 ? "" : name.slice(0, dot + 1);
  const pool = all.filter((n) => (ns === "" ? true : n.startsWith(ns)));
  const suffix = `.${name.toLowerCase()}`;
  let hit = ns === "" ? (all.find((n) => n.toLowerCase().endsWith(suffix)) ?? null) : null;
  hit ??= nearest(name, pool);
  if (hit === null && ns !== "") hit = nearest(name.slice(dot + 1), all.filter((n) => !n.includes(".")));
  return hit === null || hit === name ? "" : ` Did you mean \`${hit}\`?`;
}

/** Parameters of Pine v4 that v5 removed, named with their replacement. */
const OLD_PARAMETERS: ReadonlyMap<string, string> = new Map([
  ["transp", "`transp` is Pine v4: give the color its transparency, `color = color.new(color.red, 50)`."],
  ["when", "`when` was removed in v6: put the call inside `if cond`."],
  ["resolution", "`resolution` is Pine v4: use `timeframe`."],
]);

/**
 * Declarations whose Pine v4 spelling is a declaration of this dialect with other parameters:
 * v4's `study(title, shorttitle, overlay, ...)` declared an indicator, this dialect's `study()` is
 * the event-study extension. A parameter of the v5/v6 declaration names it.
 */
const OLD_DECLARATIONS: ReadonlyMap<string, string> = new Map([["study", "indicator"]]);

/** " `study(overlay = ...)` is Pine v4 ..." when `param` belongs to the v5/v6 spelling of `fn`, else "". */
function oldDeclarationHint(fn: string, param: string): string {
  const now = OLD_DECLARATIONS.get(fn);
  const params = now === undefined ? [] : (BUILTIN_FUNCTIONS.get(now)?.signatures ?? []).flatMap((s) => s.params.map((p) => p.name));
  if (now === undefined || !params.includes(param)) return "";
  return ` \`${fn}(..., ${param} = ...)\` is Pine v4's declaration of an indicator: in v5 and later write \`${now}(...)\` (this dialect's \`${fn}()\` is the event-study extension).`;
}

/** A hint for an unknown parameter name of `fn`: the v5/v6 form of a v4 one, or the closest parameter. */
export function parameterHint(param: string, known: readonly string[], fn = ""): string {
  const old = OLD_PARAMETERS.get(param) ?? null;
  if (old) return ` ${old}`;
  const declaration = oldDeclarationHint(fn, param);
  if (declaration) return declaration;
  const hit = nearest(param, known);
  return hit === null ? "" : ` Did you mean '${hit}'?`;
}

/**
 * Namespace members Pine does not have, named with the spelling that says the same: Pine v4's input
 * types (v5 made them functions), and dashed or dotted plot "styles", which v6 gives a plotted line
 * through `plot()`'s `linestyle` parameter (docs/adr/0350).
 */
const MEMBER_HINTS: ReadonlyMap<string, string> = new Map([
  ["input.integer", "`input(type = input.integer)` is Pine v4: use `input.int(...)`."],
  ["input.resolution", "`input(type = input.resolution)` is Pine v4: use `input.timeframe(...)`."],
  ["plot.style_dashed", "`plot()` has no dashed style: keep a line style and write `linestyle = plot.linestyle_dashed`."],
  ["plot.style_dotted", "`plot()` has no dotted style: keep a line style and write `linestyle = plot.linestyle_dotted`."],
]);

/** The spelling Pine has for a namespace member it does not (`input.integer`, `plot.style_dashed`), or "". */
export function memberHint(name: string): string {
  const hint = MEMBER_HINTS.get(name);
  return hint === undefined ? "" : ` ${hint}`;
}
