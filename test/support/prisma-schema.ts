// A small parser of the Prisma schema language, enough for the schema drift test
// (packages/db/test/schema.int.test.ts). It depends on nothing in the code under test:
// not on Prisma's own tooling, not on the generated client, not on the migration runner.
//
// Grammar covered: `enum` and `model` blocks (generator/datasource blocks are skipped),
// fields `name Type[?|[]] @attr(...)*`, block attributes `@@attr(...)`, argument values
// (strings, numbers, identifiers, arrays, calls such as now() or b(sort: Desc)), comments.

export type Value =
  | { kind: "string"; value: string }
  | { kind: "number"; value: string }
  | { kind: "ident"; name: string }
  | { kind: "array"; items: Value[] }
  | { kind: "call"; name: string; args: Arg[] };

export interface Arg {
  name?: string;
  value: Value;
}

export interface Attribute {
  /** `id`, `default`, `db.Timestamptz`, `relation`, ... (without the `@`). */
  name: string;
  args: Arg[];
}

export interface PrismaField {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  attributes: Attribute[];
}

export interface PrismaModel {
  name: string;
  fields: PrismaField[];
  /** Block attributes (`@@id`, `@@unique`, `@@index`, `@@map`), without the `@@`. */
  attributes: Attribute[];
}

export interface PrismaEnumValue {
  name: string;
  attributes: Attribute[];
}

export interface PrismaEnum {
  name: string;
  values: PrismaEnumValue[];
  attributes: Attribute[];
}

export interface PrismaSchema {
  enums: PrismaEnum[];
  models: PrismaModel[];
}

type Token =
  | { t: "ident"; v: string; line: number }
  | { t: "string"; v: string; line: number }
  | { t: "number"; v: string; line: number }
  | { t: "punct"; v: string; line: number };

export class SchemaSyntaxError extends Error {
  constructor(message: string, line: number) {
    super(`schema.prisma line ${line}: ${message}`);
    this.name = "SchemaSyntaxError";
  }
}

const PUNCT = new Set(["{", "}", "(", ")", "[", "]", ",", ":", "=", "?", "."]);

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === "\n") { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (source.startsWith("//", i)) {
      while (i < source.length && source[i] !== "\n") i++;
      continue;
    }
    if (source.startsWith("/*", i)) {
      const end = source.indexOf("*/", i + 2);
      if (end < 0) throw new SchemaSyntaxError("unterminated comment", line);
      line += source.slice(i, end).split("\n").length - 1;
      i = end + 2;
      continue;
    }
    if (c === "@") {
      const double = source[i + 1] === "@";
      tokens.push({ t: "punct", v: double ? "@@" : "@", line });
      i += double ? 2 : 1;
      continue;
    }
    if (c === '"') {
      let value = "";
      i++;
      for (;;) {
        const d = source[i];
        if (d === undefined || d === "\n") throw new SchemaSyntaxError("unterminated string", line);
        i++;
        if (d === '"') break;
        if (d === "\\") {
          const e = source[i++];
          value += e === "n" ? "\n" : e === "t" ? "\t" : (e ?? "");
        } else {
          value += d;
        }
      }
      tokens.push({ t: "string", v: value, line });
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(source.slice(i, i + 40));
    if (number) {
      tokens.push({ t: "number", v: number[0], line });
      i += number[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i, i + 200));
    if (ident) {
      tokens.push({ t: "ident", v: ident[0], line });
      i += ident[0].length;
      continue;
    }
    if (PUNCT.has(c)) {
      tokens.push({ t: "punct", v: c, line });
      i++;
      continue;
    }
    throw new SchemaSyntaxError(`unexpected character ${JSON.stringify(c)}`, line);
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  private line(): number {
    return this.peek()?.line ?? this.tokens[this.tokens.length - 1]?.line ?? 1;
  }

  private isPunct(v: string): boolean {
    const tok = this.peek();
    return tok !== undefined && tok.t === "punct" && tok.v === v;
  }

  private expectPunct(v: string): void {
    if (!this.isPunct(v)) throw new SchemaSyntaxError(`expected "${v}", found ${this.describe()}`, this.line());
    this.pos++;
  }

  private expectIdent(): string {
    const tok = this.peek();
    if (tok?.t !== "ident") throw new SchemaSyntaxError(`expected a name, found ${this.describe()}`, this.line());
    this.pos++;
    return tok.v;
  }

  private describe(): string {
    const tok = this.peek();
    return tok ? JSON.stringify(tok.v) : "end of file";
  }

  parse(): PrismaSchema {
    const schema: PrismaSchema = { enums: [], models: [] };
    while (this.peek()) {
      const keyword = this.expectIdent();
      const name = this.expectIdent();
      if (keyword === "enum") schema.enums.push(this.enumBody(name));
      else if (keyword === "model") schema.models.push(this.modelBody(name));
      else if (keyword === "generator" || keyword === "datasource") this.skipBlock();
      else throw new SchemaSyntaxError(`unsupported block "${keyword}"`, this.line());
    }
    return schema;
  }

  private skipBlock(): void {
    this.expectPunct("{");
    let depth = 1;
    while (depth > 0) {
      const tok = this.peek();
      if (!tok) throw new SchemaSyntaxError("unterminated block", this.line());
      if (tok.t === "punct" && tok.v === "{") depth++;
      if (tok.t === "punct" && tok.v === "}") depth--;
      this.pos++;
    }
  }

  private enumBody(name: string): PrismaEnum {
    const result: PrismaEnum = { name, values: [], attributes: [] };
    this.expectPunct("{");
    while (!this.isPunct("}")) {
      if (this.isPunct("@@")) {
        this.pos++;
        result.attributes.push(this.attribute());
        continue;
      }
      const value: PrismaEnumValue = { name: this.expectIdent(), attributes: [] };
      while (this.isPunct("@")) {
        this.pos++;
        value.attributes.push(this.attribute());
      }
      result.values.push(value);
    }
    this.expectPunct("}");
    return result;
  }

  private modelBody(name: string): PrismaModel {
    const model: PrismaModel = { name, fields: [], attributes: [] };
    this.expectPunct("{");
    while (!this.isPunct("}")) {
      if (this.isPunct("@@")) {
        this.pos++;
        model.attributes.push(this.attribute());
        continue;
      }
      const fieldName = this.expectIdent();
      const type = this.expectIdent();
      let list = false;
      let optional = false;
      if (this.isPunct("[")) {
        this.pos++;
        this.expectPunct("]");
        list = true;
      }
      if (this.isPunct("?")) {
        this.pos++;
        optional = true;
      }
      const attributes: Attribute[] = [];
      while (this.isPunct("@")) {
        this.pos++;
        attributes.push(this.attribute());
      }
      model.fields.push({ name: fieldName, type, list, optional, attributes });
    }
    this.expectPunct("}");
    return model;
  }

  /** After `@` or `@@`: `name(.name)* ( args )?` */
  private attribute(): Attribute {
    let name = this.expectIdent();
    while (this.isPunct(".")) {
      this.pos++;
      name += `.${this.expectIdent()}`;
    }
    return { name, args: this.isPunct("(") ? this.args() : [] };
  }

  private args(): Arg[] {
    this.expectPunct("(");
    const args: Arg[] = [];
    while (!this.isPunct(")")) {
      const next = this.peek(1);
      if (this.peek()?.t === "ident" && next?.t === "punct" && next.v === ":") {
        const argName = this.expectIdent();
        this.pos++;
        args.push({ name: argName, value: this.value() });
      } else {
        args.push({ value: this.value() });
      }
      if (!this.isPunct(")")) this.expectPunct(",");
    }
    this.expectPunct(")");
    return args;
  }

  private value(): Value {
    const tok = this.peek();
    if (!tok) throw new SchemaSyntaxError("expected a value, found end of file", this.line());
    if (tok.t === "string") { this.pos++; return { kind: "string", value: tok.v }; }
    if (tok.t === "number") { this.pos++; return { kind: "number", value: tok.v }; }
    if (tok.t === "punct" && tok.v === "[") {
      this.pos++;
      const items: Value[] = [];
      while (!this.isPunct("]")) {
        items.push(this.value());
        if (!this.isPunct("]")) this.expectPunct(",");
      }
      this.pos++;
      return { kind: "array", items };
    }
    if (tok.t === "ident") {
      let name = this.expectIdent();
      while (this.isPunct(".")) {
        this.pos++;
        name += `.${this.expectIdent()}`;
      }
      return this.isPunct("(") ? { kind: "call", name, args: this.args() } : { kind: "ident", name };
    }
    throw new SchemaSyntaxError(`expected a value, found ${this.describe()}`, this.line());
  }
}

export function parsePrismaSchema(source: string): PrismaSchema {
  return new Parser(tokenize(source)).parse();
}

// Helpers for reading attributes.

export function findAttribute(attributes: Attribute[], name: string): Attribute | undefined {
  return attributes.find((a) => a.name === name);
}

/** The named argument, or else the positional one at `position`. */
export function argument(attribute: Attribute, name: string, position?: number): Value | undefined {
  const named = attribute.args.find((a) => a.name === name);
  if (named) return named.value;
  if (position === undefined) return undefined;
  return attribute.args.filter((a) => a.name === undefined)[position]?.value;
}

export function stringArgument(attribute: Attribute | undefined, name: string, position?: number): string | undefined {
  const value = attribute && argument(attribute, name, position);
  return value?.kind === "string" ? value.value : undefined;
}

/** Field names of `[a, b(sort: Desc)]`. */
export function fieldList(value: Value | undefined): string[] {
  if (value?.kind !== "array") return [];
  return value.items.map((item) => {
    if (item.kind === "ident" || item.kind === "call") return item.name;
    throw new Error(`expected a field name in a field list, found ${item.kind}`);
  });
}
