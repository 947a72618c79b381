// Pine Script highlighting for CodeMirror 6: a stream tokenizer (comments, strings, numbers,
// colors, keywords, built-in namespaces, declarations) mapped to the standard highlight tags.
import { StreamLanguage, type StreamParser } from "@codemirror/language";

const KEYWORDS = new Set(["if", "else", "for", "to", "by", "in", "while", "switch", "var", "varip", "import", "export", "method", "type", "enum", "and", "or", "not", "break", "continue", "return"]);
const ATOMS = new Set(["true", "false", "na"]);
const TYPES = new Set(["int", "float", "bool", "string", "color", "series", "simple", "const", "array", "matrix", "map", "label", "line", "box", "table", "polyline"]);
const DECLARATIONS = new Set(["indicator", "strategy", "library", "definition", "study"]);
const NAMESPACES = new Set(["ta", "math", "input", "str", "color", "request", "array", "matrix", "map", "timeframe", "syminfo", "barstate", "strategy", "label", "line", "box", "table", "log", "plot", "hline", "shape", "location", "size", "display", "event", "group"]);
const VARIABLES = new Set(["open", "high", "low", "close", "volume", "hl2", "hlc3", "ohlc4", "hlcc4", "time", "bar_index", "last_bar_index", "time_close"]);

const parser: StreamParser<null> = {
  name: "pine",
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match("//@")) { stream.skipToEnd(); return "meta"; }
    if (stream.match("//")) { stream.skipToEnd(); return "comment"; }
    const ch = stream.peek();
    if (ch === '"' || ch === "'") {
      const quote = stream.next();
      let escaped = false;
      for (let c = stream.next(); c !== undefined; c = stream.next()) {
        if (c === quote && !escaped) break;
        escaped = !escaped && c === "\\";
      }
      return "string";
    }
    if (stream.match(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?\b/)) return "color";
    if (stream.match(/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/)) return "number";
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) {
      const word = stream.current();
      if (KEYWORDS.has(word)) return "keyword";
      if (ATOMS.has(word)) return "atom";
      if (TYPES.has(word)) return "typeName";
      if (DECLARATIONS.has(word)) return "definitionKeyword";
      if (stream.peek() === ".") return NAMESPACES.has(word) ? "namespace" : "variableName";
      if (VARIABLES.has(word)) return "variableName.standard";
      if (stream.match(/^\s*\(/, false)) return "variableName.function";
      return "variableName";
    }
    if (stream.match(/^(:=|==|!=|<=|>=|=>|\?|:|[-+*/%<>=])/)) return "operator";
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "//" } },
};

export const pineLanguage = StreamLanguage.define(parser);
