// str.match's regular expressions are written in the Java syntax the user manual's Strings page documents (Regex syntax
// reference): \Q...\E, \x{...}, nested and intersected classes, inline flags (?imsxU), atomic groups, possessive
// quantifiers, \A \Z \z, \h, POSIX and block \p{...}. JavaScript's engine lacks these, so a pattern is translated once
// into an equivalent JavaScript pattern (v flag). Flags are applied by translation, not by JavaScript flags, because Java
// scopes them to the rest of a group and its (?i) folds ASCII letters only.

interface Flags { i: boolean; s: boolean; m: boolean; x: boolean; U: boolean; u: boolean }

const NOTHING_BEFORE = "(?<![\\s\\S])";
const NOTHING_AFTER = "(?![\\s\\S])";
const LINE_END = "[\\n\\r\\u0085\\u2028\\u2029]";
const END_BEFORE_TERMINATOR = `(?=(?:\\r\\n|${LINE_END})?${NOTHING_AFTER})`;

const POSIX: Record<string, [ascii: string, unicode: string]> = {
  lower: ["[a-z]", "\\p{Lowercase}"], upper: ["[A-Z]", "\\p{Uppercase}"], ascii: ["[\\x00-\\x7F]", "[\\x00-\\x7F]"],
  alpha: ["[a-zA-Z]", "\\p{Alphabetic}"], digit: ["[0-9]", "\\p{Nd}"], alnum: ["[a-zA-Z0-9]", "[\\p{Alphabetic}\\p{Nd}]"],
  punct: ["[!-\\/:-@\\[-`\\{-~]", "\\p{P}"], graph: ["[!-~]", "[^\\p{White_Space}\\p{Cc}\\p{Cs}\\p{Cn}]"],
  print: ["[ -~]", "[^\\p{Cc}\\p{Cs}\\p{Cn}]"], blank: ["[ \\t]", "[\\t\\p{Zs}]"], cntrl: ["[\\x00-\\x1F\\x7F]", "\\p{Cc}"],
  xdigit: ["[0-9a-fA-F]", "[\\p{Nd}\\p{Hex_Digit}]"], space: ["[ \\t\\n\\x0B\\f\\r]", "\\p{White_Space}"],
};

// Unicode blocks by name (spaces, hyphens and low lines ignored, any case): the common ones; others are refused.
const BLOCKS: Record<string, [number, number]> = {
  basiclatin: [0x0, 0x7f], latin1supplement: [0x80, 0xff], latinextendeda: [0x100, 0x17f], latinextendedb: [0x180, 0x24f],
  greekandcoptic: [0x370, 0x3ff], greek: [0x370, 0x3ff], cyrillic: [0x400, 0x4ff], hebrew: [0x590, 0x5ff], arabic: [0x600, 0x6ff],
  generalpunctuation: [0x2000, 0x206f], currencysymbols: [0x20a0, 0x20cf], letterlikesymbols: [0x2100, 0x214f],
  arrows: [0x2190, 0x21ff], mathematicaloperators: [0x2200, 0x22ff], miscellaneoustechnical: [0x2300, 0x23ff],
  boxdrawing: [0x2500, 0x257f], blockelements: [0x2580, 0x259f], geometricshapes: [0x25a0, 0x25ff],
  miscellaneoussymbols: [0x2600, 0x26ff], dingbats: [0x2700, 0x27bf], hiragana: [0x3040, 0x309f], katakana: [0x30a0, 0x30ff],
  cjkunifiedideographs: [0x4e00, 0x9fff], hangulsyllables: [0xac00, 0xd7af],
  mathematicalalphanumericsymbols: [0x1d400, 0x1d7ff], emoticons: [0x1f600, 0x1f64f],
  miscellaneoussymbolsandpictographs: [0x1f300, 0x1f5ff],
};

const hex = (cp: number): string => `\\u{${cp.toString(16)}}`;
const plain = (cp: number): boolean => /[A-Za-z0-9_ ]/.test(String.fromCodePoint(cp)) || (cp > 0x7f && (cp < 0xd800 || cp > 0xdfff));
const charText = (cp: number): string => (plain(cp) ? String.fromCodePoint(cp) : hex(cp));
const otherCase = (cp: number): number | null => (cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp >= 0x61 && cp <= 0x7a ? cp - 32 : null);
/** The other single-code-point cases of `cp` (é: É), for Unicode case folding. */
function unicodeCases(cp: number): number[] {
  const ch = String.fromCodePoint(cp);
  const out = new Set<number>();
  for (const v of [ch.toUpperCase(), ch.toLowerCase()]) {
    const c = v.codePointAt(0)!;
    if (v === String.fromCodePoint(c) && c !== cp) out.add(c);
  }
  return [...out];
}
const negate = (item: string): string => (item.startsWith("\\p{") ? `\\P${item.slice(2)}` : `[^${item}]`);

function validProperty(p: string): boolean {
  try { new RegExp(`\\p{${p}}`, "v"); return true; } catch { return false; }
}

function property(name: string, flags: Flags): string {
  const posix = POSIX[name.toLowerCase()];
  if (posix) return flags.U ? posix[1] : posix[0];
  const key = (s: string): string => s.toLowerCase().replace(/[\s_-]/g, "");
  const block = name.match(/^(?:In|Block=|blk=)(.+)$/i);
  if (block) {
    const r = BLOCKS[key(block[1]!)];
    if (!r) throw new Error(`unknown Unicode block "${block[1]}"`);
    return `[${hex(r[0])}-${hex(r[1])}]`;
  }
  const script = name.match(/^(?:Script=|sc=)(.+)$/i);
  if (script && validProperty(`Script=${script[1]}`)) return `\\p{Script=${script[1]}}`;
  const category = name.match(/^(?:gc=|general_category=)(.+)$/i);
  if (category && validProperty(`gc=${category[1]}`)) return `\\p{gc=${category[1]}}`;
  const is = name.match(/^Is(.+)$/);
  for (const p of is ? [`Script=${is[1]}`, is[1]!] : [name]) if (validProperty(p)) return `\\p{${p}}`;
  throw new Error(`unknown character property "${name}"`);
}

class Translator {
  private pos = 0;
  private groups = 0;
  private atomics = 0;
  private readonly names = new Set<string>();
  private readonly byNumber: string[] = []; // Java group number -> the JavaScript group's name
  constructor(private readonly src: string) {}

  translate(): string {
    const out = this.alternation({ i: false, s: false, m: false, x: false, U: false, u: false });
    if (this.pos < this.src.length) throw new Error("unmatched closing ')'");
    return out;
  }

  private peek(k = 0): string { return this.src[this.pos + k] ?? ""; }

  private codePoint(): number {
    const cp = this.src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  private literal(cp: number, flags: Flags): string {
    if (!flags.i) return charText(cp);
    // Java folds ASCII letters only, unless (?u) or (?U) (which implies it) asks for Unicode case folding
    const others = flags.u || flags.U ? unicodeCases(cp) : [otherCase(cp)].filter((o): o is number => o !== null);
    return others.length === 0 ? charText(cp) : `[${[cp, ...others].map(charText).join("")}]`;
  }

  /** A sequence with `|`, up to an unconsumed `)` or the end; `flags` is this group's own copy (inline flags change it). */
  private alternation(flags: Flags): string {
    let out = "";
    let atom = -1;
    while (this.pos < this.src.length && this.peek() !== ")") {
      const c = this.peek();
      if (flags.x && /\s/.test(c)) { this.pos++; continue; }
      if (flags.x && c === "#") { while (this.pos < this.src.length && this.peek() !== "\n") this.pos++; continue; }
      if (c === "|") { out += "|"; this.pos++; atom = -1; continue; }
      const q = this.quantifier();
      if (q !== null) {
        if (atom < 0) throw new Error(`dangling quantifier "${q}"`);
        if (this.peek() === "?") { out += q + "?"; this.pos++; }
        else if (this.peek() === "+") { this.pos++; out = out.slice(0, atom) + this.atomic(out.slice(atom) + q); }
        else out += q;
        atom = -1;
        continue;
      }
      const start = out.length;
      const piece = this.atom(flags);
      out += piece;
      atom = piece === "" ? -1 : start;
    }
    return out;
  }

  private atomic(inner: string): string {
    const name = `__a${++this.atomics}`;
    return `(?=(?<${name}>${inner}))\\k<${name}>`;
  }

  private quantifier(): string | null {
    const c = this.peek();
    if (c === "*" || c === "+" || c === "?") { this.pos++; return c; }
    if (c !== "{") return null;
    const m = /^\{\d+(?:,\d*)?\}/.exec(this.src.slice(this.pos));
    if (!m) throw new Error("invalid repetition '{'");
    this.pos += m[0].length;
    return m[0];
  }

  private atom(flags: Flags): string {
    const c = this.peek();
    if (c === "(") return this.group(flags);
    if (c === "[") { this.pos++; return this.charClass(flags); }
    if (c === "\\") { this.pos++; return this.escape(flags); }
    this.pos++;
    if (c === ".") return flags.s ? "[\\s\\S]" : `[^\\n\\r\\u0085\\u2028\\u2029]`;
    if (c === "^") return flags.m ? `(?:${NOTHING_BEFORE}|(?<=${LINE_END})(?=[\\s\\S]))` : NOTHING_BEFORE;
    if (c === "$") return flags.m ? `(?=${LINE_END}|${NOTHING_AFTER})` : END_BEFORE_TERMINATOR;
    this.pos--;
    return this.literal(this.codePoint(), flags);
  }

  private group(flags: Flags): string {
    this.pos++;
    const rest = this.src.slice(this.pos);
    const close = (open: string, inner: Flags): string => {
      const body = this.alternation(inner);
      if (this.peek() !== ")") throw new Error("unclosed group");
      this.pos++;
      return `${open}${body})`;
    };
    const look = /^\?(?:[:=!]|<[=!])/.exec(rest);
    if (look) { this.pos += look[0].length; return close(`(${look[0]}`, { ...flags }); }
    if (rest.startsWith("?>")) { this.pos += 2; const body = close("(?:", { ...flags }); return this.atomic(body); }
    const named = /^\?<([A-Za-z][A-Za-z0-9]*)>/.exec(rest);
    if (named) {
      this.pos += named[0].length;
      this.byNumber[++this.groups] = named[1]!;
      this.names.add(named[1]!);
      return close(`(?<${named[1]}>`, { ...flags });
    }
    const inline = /^\?([imsxuUd]*)(?:-([imsxuUd]*))?([:)])/.exec(rest);
    if (inline) {
      this.pos += inline[0].length;
      const set = (target: Flags): Flags => {
        for (const f of inline[1]!) if (f in target) (target as unknown as Record<string, boolean>)[f] = true;
        for (const f of inline[2] ?? "") if (f in target) (target as unknown as Record<string, boolean>)[f] = false;
        return target;
      };
      if (inline[3] === ")") { set(flags); return ""; }
      return close("(?:", set({ ...flags }));
    }
    if (rest.startsWith("?")) throw new Error("unknown group construct");
    const name = `__g${++this.groups}`;
    this.byNumber[this.groups] = name;
    return close(`(?<${name}>`, { ...flags });
  }

  /** After a backslash, outside a class. */
  private escape(flags: Flags): string {
    const c = this.peek();
    if (/[1-9]/.test(c)) {
      let n = Number(c);
      this.pos++;
      while (/[0-9]/.test(this.peek()) && n * 10 + Number(this.peek()) <= this.groups) { n = n * 10 + Number(this.peek()); this.pos++; }
      return n <= this.groups ? `\\k<${this.byNumber[n]}>` : "(?!)"; // Java: a reference to a group not yet defined never matches
    }
    if (c === "k") {
      const m = /^k<([A-Za-z][A-Za-z0-9]*)>/.exec(this.src.slice(this.pos));
      if (!m || !this.names.has(m[1]!)) throw new Error("unknown group name in \\k");
      this.pos += m[0].length;
      return `\\k<${m[1]}>`;
    }
    if (c === "Q") return this.quoted(flags).map((cp) => this.literal(cp, flags)).join("");
    const fixed: Record<string, string> = {
      A: NOTHING_BEFORE, z: NOTHING_AFTER, Z: END_BEFORE_TERMINATOR, G: NOTHING_BEFORE, b: "\\b", B: "\\B",
      R: "(?:\\r\\n|[\\n\\x0B\\f\\r\\u0085\\u2028\\u2029])",
    };
    if (c in fixed) { this.pos++; return fixed[c]!; }
    const item = this.classEscape(flags);
    if (item !== null) return item;
    return this.literal(this.charEscape(), flags);
  }

  private quoted(_flags: Flags): number[] {
    this.pos++;
    const end = this.src.indexOf("\\E", this.pos);
    const text = this.src.slice(this.pos, end < 0 ? undefined : end);
    this.pos = end < 0 ? this.src.length : end + 2;
    return Array.from(text, (ch) => ch.codePointAt(0)!);
  }

  /** \d \w \s \h \v \p{..} and their negations, as one class item; null when the escape is not one. */
  private classEscape(flags: Flags): string | null {
    const c = this.peek();
    const sets: Record<string, [string, string]> = {
      d: ["[0-9]", "\\p{Nd}"], w: ["[a-zA-Z0-9_]", "[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]"],
      s: ["[ \\t\\n\\x0B\\f\\r]", "\\p{White_Space}"], h: ["[ \\t\\xA0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000]", ""],
      v: ["[\\n\\x0B\\f\\r\\x85\\u2028\\u2029]", ""],
    };
    const lower = c.toLowerCase();
    if (lower in sets) {
      this.pos++;
      const [ascii, unicode] = sets[lower]!;
      const item = flags.U && unicode !== "" ? unicode : ascii;
      return c === lower ? item : negate(item);
    }
    if (c !== "p" && c !== "P") return null;
    const m = /^[pP](?:\{([^}]*)\}|([A-Za-z]))/.exec(this.src.slice(this.pos));
    if (!m) throw new Error("malformed \\p");
    this.pos += m[0].length;
    const item = property(m[1] ?? m[2]!, flags);
    return c === "p" ? item : negate(item);
  }

  /** A character escape's code point (\t \n \x41 \x{..} \u0041 \0oct \cX or an escaped symbol). */
  private charEscape(): number {
    const c = this.peek();
    const simple: Record<string, number> = { t: 9, n: 10, r: 13, f: 12, a: 7, e: 27 };
    if (c in simple) { this.pos++; return simple[c]!; }
    const rest = this.src.slice(this.pos);
    const m = /^(?:x\{([0-9a-fA-F]+)\}|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|0([0-3]?[0-7]{1,2})|c([@-_a-z]))/.exec(rest);
    if (m) {
      this.pos += m[0].length;
      if (m[5] !== undefined) return m[5].toUpperCase().charCodeAt(0) ^ 64;
      const cp = m[4] !== undefined ? parseInt(m[4], 8) : parseInt((m[1] ?? m[2] ?? m[3])!, 16);
      if (cp > 0x10ffff) throw new Error("code point out of range");
      return cp;
    }
    if (/[A-Za-z0-9]/.test(c) || c === "") throw new Error(`illegal escape "\\${c}"`);
    return this.codePoint();
  }

  /** After '[': Java's class with nested classes (union) and && (intersection), as a v-flag class. */
  private charClass(flags: Flags): string {
    const neg = this.peek() === "^";
    if (neg) this.pos++;
    const operands: string[][] = [];
    let items: string[] = [];
    let first = true;
    for (;;) {
      if (this.pos >= this.src.length) throw new Error("unclosed character class");
      const c = this.peek();
      if (flags.x && /\s/.test(c)) { this.pos++; continue; } // comments mode ignores spaces in classes too
      if (c === "]" && !first) { this.pos++; break; }
      first = false;
      if (c === "[") { this.pos++; items.push(this.charClass(flags)); continue; }
      if (c === "&" && this.peek(1) === "&") { this.pos += 2; operands.push(items); items = []; continue; }
      let lo: number;
      if (c === "\\") {
        this.pos++;
        if (this.peek() === "Q") { for (const cp of this.quoted(flags)) items.push(this.literal(cp, flags)); continue; }
        const item = this.classEscape(flags);
        if (item !== null) { items.push(item); continue; }
        lo = this.charEscape();
      } else lo = this.codePoint();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== "[" && this.peek(1) !== "") {
        this.pos++;
        let hi: number;
        if (this.peek() === "\\") { this.pos++; hi = this.charEscape(); } else hi = this.codePoint();
        if (hi < lo) throw new Error("illegal character range");
        items.push(this.range(lo, hi, flags));
      } else items.push(this.literal(lo, flags));
    }
    operands.push(items);
    const parts = operands.filter((o) => o.length > 0);
    const inner = parts.length <= 1 ? (parts[0] ?? []).join("") : parts.map((o) => `[${o.join("")}]`).join("&&");
    if (inner === "") return neg ? "[\\s\\S]" : "(?!)";
    return `[${neg ? "^" : ""}${inner}]`;
  }

  private range(lo: number, hi: number, flags: Flags): string {
    let out = `${charText(lo)}-${charText(hi)}`;
    if (!flags.i) return out;
    for (const [a, z, shift] of [[0x61, 0x7a, -32], [0x41, 0x5a, 32]] as const) {
      const from = Math.max(lo, a);
      const to = Math.min(hi, z);
      if (from <= to) out += `${charText(from + shift)}-${charText(to + shift)}`;
    }
    return out;
  }
}

/** The JavaScript RegExp matching as Java's (TradingView's) engine matches `pattern`; throws on an invalid pattern. */
export function javaRegExp(pattern: string): RegExp {
  return new RegExp(new Translator(pattern).translate(), "v");
}
