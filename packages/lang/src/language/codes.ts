// The catalogue of diagnostic codes: every code lint, link or derive can report, with its stage,
// severity, meaning and a script that produces it. Code reports through these constants (never an
// inline string), and the docs topic `diagnostics` is generated from this table, so a code and
// its explanation live in one place.

import type { Severity, Stage } from "../types";

export interface CodeInfo {
  /** The stages that report it (`wrong_argument` is both a call's and a use()'s mistake). */
  stages: readonly Stage[];
  severity: Severity;
  meaning: string;
  /**
   * A script that gets this code: the lines after `//@version=6` and `indicator("t")`, or a whole
   * script when it starts with `//@version`; in parentheses when it needs what one text cannot show.
   */
  example: string;
}

const CATALOGUE = {
  syntax_error: { stages: ["lint"], severity: "error", meaning: "The text is not Pine: a bad token, indentation, or a statement where it cannot be.", example: "x = (1 + 2" },
  too_complex: { stages: ["lint"], severity: "error", meaning: "Nesting or call chains too deep to check safely; split them into variables and functions.", example: "(an expression nested more than 700 parentheses deep)" },
  missing_entry: { stages: ["lint"], severity: "error", meaning: "The script has no main.pine file.", example: "(files: only lib.pine)" },
  unsupported_version: { stages: ["lint"], severity: "error", meaning: "The //@version is not 5 or 6; the message names the v5 spellings.", example: "//@version=4\nstudy(\"t\")\nplot(close)" },
  missing_declaration: { stages: ["lint"], severity: "error", meaning: "The entry file does not declare indicator(), library(), definition() or study().", example: "//@version=6\nplot(close)" },
  duplicate_declaration: { stages: ["lint"], severity: "error", meaning: "A name (variable, function, type, enum) or the script declaration is declared twice in one scope.", example: "x = 1\nx = 2" },
  shadowed_variable: { stages: ["lint"], severity: "warning", meaning: "A declaration with `=` in a local block (if, loop, switch, function body) makes a new variable hiding one an enclosing scope declared earlier (or a user type declared earlier), as TradingView (its warning CW10013); to change the outer variable, reassign it with `:=`.", example: "x = 1.0\nif close > open\n    x = 2.0\nplot(x)" },
  shadowed_builtin_variable: { stages: ["lint"], severity: "warning", meaning: "A variable declared with the name of a built-in variable (`high = ...`, a tuple member, a loop counter), in any scope, as TradingView (its warning CW10011): from there on in that scope the name is the script's variable, not the built-in. Using the built-in earlier in the script and then declaring its name is the error `duplicate_declaration`.", example: "hl2 = (open + close) / 2\nplot(hl2)" },
  unsupported_feature: { stages: ["lint"], severity: "error", meaning: "Pine has it, this dialect does not (strategies, request.*, recursion, built-ins the evaluator lacks).", example: "strategy(\"s\")" },
  invalid_context: { stages: ["lint"], severity: "error", meaning: "Allowed only elsewhere: plots at the top level of an indicator (not in a study), use()/group() in studies, export in libraries, a request in an if, switch or loop block only with dynamic requests (v6 by default, v5 with `dynamic_requests = true`), an exported library function reading a global that is not const or calling input.*().", example: "if close > open\n    plot(close)" },
  too_many_plots: { stages: ["lint"], severity: "error", meaning: "The script uses more than 64 plot counts (TradingView's limit): each plot call counts 1 (plotcandle and plotbar 4), plus 1 for each color argument that is not const; alertcondition, bgcolor, barcolor and a fill of a non-const color count 1.", example: "(plot(close) on 65 lines)" },
  invalid_history_offset: { stages: ["lint"], severity: "error", meaning: "A constant history offset is negative (`[]` reads past bars only), or `[]` is written twice in a row (`close[1][2]`; `(close[1])[2]` reads the reference's own history).", example: "plot(close[-5])" },
  undeclared_identifier: { stages: ["lint"], severity: "error", meaning: "A name, member, field, type or export that does not exist.", example: "plot(nope)" },
  assignment_to_undeclared: { stages: ["lint"], severity: "error", meaning: "`:=` or a compound assignment to a variable never declared with `=`.", example: "x := 1" },
  invalid_assignment: { stages: ["lint"], severity: "error", meaning: "A function assigns a global variable or one of its parameters (Pine functions cannot modify either), or a variable declared `const` is reassigned.", example: "g = 0\nf() =>\n    g := 1" },
  not_a_value: { stages: ["lint"], severity: "error", meaning: "A function used as a value without calling it.", example: "x = ta.sma" },
  not_a_function: { stages: ["lint"], severity: "error", meaning: "Something that is not a function is called.", example: "x = 1\ny = x()" },
  type_mismatch: { stages: ["lint"], severity: "error", meaning: "A value of the wrong type: argument, operand, assignment, branch or condition.", example: "x = close + \"a\"" },
  qualifier_mismatch: { stages: ["lint"], severity: "error", meaning: "A series (bar-to-bar) value where a simple, input or const one is required.", example: "hline(close)" },
  too_many_arguments: { stages: ["lint"], severity: "error", meaning: "More positional arguments than the function has parameters.", example: "x = ta.sma(close, 14, 1)" },
  wrong_argument: { stages: ["lint", "link"], severity: "error", meaning: "A named argument the function does not have, given twice, or a use() event the definition does not raise.", example: "x = ta.sma(close, lenght = 14)" },
  no_matching_overload: { stages: ["lint"], severity: "error", meaning: "A function has several overloads and none takes the call's arguments (their types or count).", example: "f(float x) => x\nf(string s) => 1.0\nplot(f(color.red))" },
  ambiguous_call: { stages: ["lint"], severity: "error", meaning: "A call fits several overloads of a function equally well; pass arguments whose types pick one.", example: "f(float x, int n = 1) => x\nf(float x, string s = \"a\") => x\nplot(f(close))" },
  missing_argument: { stages: ["lint"], severity: "error", meaning: "A required argument is not given.", example: "x = ta.sma(close)" },
  unresolved_import: { stages: ["link"], severity: "error", meaning: "An imported file, library or used definition does not exist.", example: "import acme/nope/1 as n" },
  import_cycle: { stages: ["link"], severity: "error", meaning: "Imports or use()s form a cycle.", example: "(a.pine imports b.pine, which imports a.pine)" },
  not_a_library: { stages: ["link"], severity: "error", meaning: "An import names a script that is not a library.", example: "import acme/my_indicator/1 as m" },
  not_a_definition: { stages: ["link"], severity: "error", meaning: "A study use()s a script that is not a definition.", example: "//@version=6\nstudy(\"s\")\nuse(\"acme/my_indicator\")" },
  invalid_dependency: { stages: ["link"], severity: "error", meaning: "An imported library or used definition has errors of its own.", example: "import acme/broken/1 as b" },
  no_outputs: { stages: ["derive"], severity: "error", meaning: "An indicator with no plot() (or plotshape, plotchar, plotcandle, plotbar): an error, or a warning when it draws (label.new, line.new, box.new, table.new, polyline.new), whose runs then have only drawings, or when it only colours the chart (bgcolor, barcolor, fill, hline), only writes log lines (log.*) or only raises alerts (alertcondition, alert), whose runs then have no output columns.", example: "x = close" },
  duplicate_output: { stages: ["derive"], severity: "warning", meaning: "Two outputs share a title; the later one gets a numbered name.", example: "plot(close, \"a\")\nplot(open, \"a\")" },
  unbounded_lookback: { stages: ["derive"], severity: "warning", meaning: "The values depend on every bar since the start, so the warmup is capped.", example: "plot(ta.cum(volume))" },
  invalid_horizons: { stages: ["derive"], severity: "error", meaning: "A study's horizons are 1 to 10 constant integers from 1 to 500 bars, each listed once.", example: "//@version=6\nstudy(\"s\", horizons = [5, 1, 5])" },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof CATALOGUE;

/** `Code.type_mismatch === "type_mismatch"`: the constants every report uses. */
export const Code: { readonly [K in DiagnosticCode]: K } = Object.freeze(
  Object.fromEntries(Object.keys(CATALOGUE).map((k) => [k, k])) as { [K in DiagnosticCode]: K },
);

/** The catalogue in its documented order. */
export const DIAGNOSTIC_CODES: ReadonlyArray<CodeInfo & { code: DiagnosticCode }> = (Object.keys(CATALOGUE) as DiagnosticCode[]).map((code) => ({ code, ...CATALOGUE[code] }));

export function codeInfo(code: DiagnosticCode): CodeInfo {
  return CATALOGUE[code];
}
