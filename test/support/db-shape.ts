// The shape of a Postgres database as Prisma would create it from schema.prisma, the same shape
// read back from a live database through information_schema and pg_catalog, and the differences
// between the two as readable lines. Used by packages/db/test/schema.int.test.ts.
//
// Prisma's conventions encoded here (Prisma 7, PostgreSQL connector):
// - scalar types: String text, Int integer, BigInt bigint, Float double precision, Boolean boolean,
//   DateTime timestamp(3) without time zone, Json jsonb, Bytes bytea, Decimal numeric(65,30);
//   `@db.*` overrides; enums are USER-DEFINED types; lists are arrays and nullable.
// - names: `<table>_pkey`, `<table>_<cols>_key` (unique), `<table>_<cols>_idx`, `<table>_<cols>_fkey`.
// - relations: ON DELETE RESTRICT when required, SET NULL when optional, unless `onDelete`;
//   ON UPDATE CASCADE unless `onUpdate`.
import type { Client } from "pg";
import {
  argument, fieldList, findAttribute, stringArgument,
  type Attribute, type PrismaEnum, type PrismaField, type PrismaModel, type PrismaSchema, type Value,
} from "./prisma-schema";

export interface ColumnShape { type: string; nullable: boolean; default: string | null }
export interface IndexShape { table: string; columns: string[]; unique: boolean }
export interface ForeignKeyShape { table: string; columns: string[]; refTable: string; refColumns: string[]; onDelete: string; onUpdate: string }

export interface DbShape {
  /** "table" -> primary key constraint name and columns, in key order. */
  tables: Record<string, { primaryKey: { name: string; columns: string[] } | null }>;
  /** "table.column" -> column */
  columns: Record<string, ColumnShape>;
  /** index name -> index (unique indexes included, the primary key's excluded) */
  indexes: Record<string, IndexShape>;
  foreignKeys: Record<string, ForeignKeyShape>;
  /** enum type name -> labels in order */
  enums: Record<string, string[]>;
}

const SCALARS: Record<string, string> = {
  String: "text", Int: "integer", BigInt: "bigint", Float: "double precision", Boolean: "boolean",
  DateTime: "timestamp(3) without time zone", Json: "jsonb", Bytes: "bytea", Decimal: "numeric(65,30)",
};

function nativeType(attribute: Attribute): string {
  const n = attribute.args.map((a) => (a.value.kind === "number" ? a.value.value : "?"));
  const p = n.length > 0 ? `(${n.join(",")})` : "";
  switch (attribute.name) {
    case "db.Text": return "text";
    case "db.VarChar": return `character varying${p}`;
    case "db.Char": return `character${p}`;
    case "db.Uuid": return "uuid";
    case "db.Integer": return "integer";
    case "db.SmallInt": return "smallint";
    case "db.BigInt": return "bigint";
    case "db.Real": return "real";
    case "db.DoublePrecision": return "double precision";
    case "db.Decimal": return `numeric${p}`;
    case "db.Boolean": return "boolean";
    case "db.Date": return "date";
    case "db.Time": return `time${p || "(3)"} without time zone`;
    case "db.Timetz": return `time${p || "(3)"} with time zone`;
    case "db.Timestamp": return `timestamp${p || "(3)"} without time zone`;
    case "db.Timestamptz": return `timestamp${p || "(3)"} with time zone`;
    case "db.Json": return "json";
    case "db.JsonB": return "jsonb";
    case "db.ByteA": return "bytea";
    default: throw new Error(`native type @${attribute.name} is not known to the drift test`);
  }
}

/** Postgres' own spelling of an identifier in expressions: quoted unless plain lower case. */
export function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

const mapped = (attributes: Attribute[], fallback: string): string =>
  stringArgument(findAttribute(attributes, "map"), "name", 0) ?? fallback;

/** Postgres truncates identifiers to 63 bytes; so does Prisma's default naming. */
const pgName = (name: string): string => name.slice(0, 63);

interface Context {
  schema: PrismaSchema;
  models: Map<string, PrismaModel>;
  enums: Map<string, PrismaEnum>;
}

const tableOf = (model: PrismaModel): string => mapped(model.attributes, model.name);
const enumTypeOf = (e: PrismaEnum): string => mapped(e.attributes, e.name);
const isRelation = (ctx: Context, field: PrismaField): boolean => ctx.models.has(field.type);
const scalarFields = (ctx: Context, model: PrismaModel): PrismaField[] => model.fields.filter((f) => !isRelation(ctx, f));

function columnOf(model: PrismaModel, fieldName: string): string {
  const field = model.fields.find((f) => f.name === fieldName);
  if (!field) throw new Error(`${model.name} has no field ${fieldName}`);
  return mapped(field.attributes, field.name);
}

function columnType(ctx: Context, field: PrismaField): string {
  const e = ctx.enums.get(field.type);
  let base: string;
  if (e) base = `USER-DEFINED ${enumTypeOf(e)}`;
  else {
    const native = field.attributes.find((a) => a.name.startsWith("db."));
    const scalar = SCALARS[field.type];
    if (!scalar) throw new Error(`type ${field.type} is not known to the drift test`);
    base = native ? nativeType(native) : scalar;
  }
  return field.list ? `${base}[]` : base;
}

/** Postgres prints a literal default with a cast to the type without its modifiers. */
function literal(value: string, type: string): string {
  return `'${value.replace(/'/g, "''")}'::${type.replace(/\(\d+(,\d+)?\)/, "")}`;
}

function columnDefault(ctx: Context, table: string, field: PrismaField): string | null {
  const attr = findAttribute(field.attributes, "default");
  if (!attr) return null;
  const value = argument(attr, "value", 0);
  if (!value) throw new Error(`@default without a value on ${field.name}`);
  const column = mapped(field.attributes, field.name);
  const e = ctx.enums.get(field.type);
  const sqlType = e ? quoteIdent(enumTypeOf(e)) : columnType(ctx, field);
  return defaultExpression(value, { table, column, sqlType, enumDef: e });
}

function defaultExpression(value: Value, c: { table: string; column: string; sqlType: string; enumDef: PrismaEnum | undefined }): string | null {
  switch (value.kind) {
    case "call":
      if (value.name === "autoincrement") return `nextval('${quoteIdent(pgName(`${c.table}_${c.column}_seq`))}'::regclass)`;
      if (value.name === "now") return "CURRENT_TIMESTAMP";
      if (value.name === "dbgenerated") return stringArgument({ name: "dbgenerated", args: value.args }, "value", 0) ?? null;
      // uuid(), cuid(), nanoid(), ulid() are filled in by the client, not the database.
      return null;
    case "string":
      return literal(value.value, c.sqlType);
    case "number":
      return value.value.startsWith("-") ? literal(value.value, c.sqlType) : value.value;
    case "ident": {
      if (value.name === "true" || value.name === "false") return value.name;
      const v = c.enumDef?.values.find((x) => x.name === value.name);
      if (!v) throw new Error(`default ${value.name} of ${c.table}.${c.column} is not a value of its enum`);
      return literal(mapped(v.attributes, v.name), c.sqlType);
    }
    case "array":
      return `ARRAY[${value.items.map((item) => defaultExpression(item, c)).join(", ")}]::${c.sqlType}`;
  }
}

const ACTIONS: Record<string, string> = { Cascade: "CASCADE", Restrict: "RESTRICT", NoAction: "NO ACTION", SetNull: "SET NULL", SetDefault: "SET DEFAULT" };

function action(value: Value | undefined, fallback: string): string {
  if (!value) return fallback;
  const result = value.kind === "ident" ? ACTIONS[value.name] : undefined;
  if (!result) throw new Error(`unknown referential action ${JSON.stringify(value)}`);
  return result;
}

function addModel(ctx: Context, model: PrismaModel, shape: DbShape): void {
  const table = tableOf(model);
  const colsOf = (fields: string[]): string[] => fields.map((f) => columnOf(model, f));

  for (const field of scalarFields(ctx, model)) {
    const column = mapped(field.attributes, field.name);
    shape.columns[`${table}.${column}`] = {
      type: columnType(ctx, field),
      nullable: field.optional || field.list,
      default: columnDefault(ctx, table, field),
    };
  }

  const idField = model.fields.find((f) => findAttribute(f.attributes, "id"));
  const blockId = findAttribute(model.attributes, "id");
  if (idField && blockId) throw new Error(`${model.name} has both @id and @@id`);
  if (idField) {
    const name = stringArgument(findAttribute(idField.attributes, "id"), "map") ?? pgName(`${table}_pkey`);
    shape.tables[table] = { primaryKey: { name, columns: colsOf([idField.name]) } };
  } else if (blockId) {
    const name = stringArgument(blockId, "map") ?? pgName(`${table}_pkey`);
    shape.tables[table] = { primaryKey: { name, columns: colsOf(fieldList(argument(blockId, "fields", 0))) } };
  } else {
    shape.tables[table] = { primaryKey: null };
  }

  const addIndex = (fields: string[], unique: boolean, explicit: string | undefined): void => {
    const columns = colsOf(fields);
    const name = explicit ?? pgName(`${table}_${columns.join("_")}_${unique ? "key" : "idx"}`);
    shape.indexes[name] = { table, columns, unique };
  };
  for (const field of model.fields) {
    const unique = findAttribute(field.attributes, "unique");
    if (unique) addIndex([field.name], true, stringArgument(unique, "map"));
  }
  for (const attr of model.attributes) {
    if (attr.name === "unique" || attr.name === "index") {
      addIndex(fieldList(argument(attr, "fields", 0)), attr.name === "unique", stringArgument(attr, "map"));
    } else if (attr.name !== "id" && attr.name !== "map") {
      throw new Error(`block attribute @@${attr.name} is not known to the drift test`);
    }
  }

  for (const field of model.fields.filter((f) => isRelation(ctx, f))) {
    const relation = findAttribute(field.attributes, "relation");
    const fields = relation ? fieldList(argument(relation, "fields")) : [];
    if (fields.length === 0) {
      // The back side of a relation; its other side must hold the foreign key.
      const target = ctx.models.get(field.type) as PrismaModel;
      const owning = target.fields.some((f) => f.type === model.name && !f.list && fieldList(argument(findAttribute(f.attributes, "relation") ?? { name: "", args: [] }, "fields")).length > 0);
      if (!owning) throw new Error(`relation ${model.name}.${field.name} has no foreign key on either side (implicit many-to-many is not supported)`);
      continue;
    }
    const target = ctx.models.get(field.type) as PrismaModel;
    const columns = colsOf(fields);
    const name = stringArgument(relation, "map") ?? pgName(`${table}_${columns.join("_")}_fkey`);
    shape.foreignKeys[name] = {
      table,
      columns,
      refTable: tableOf(target),
      refColumns: fieldList(argument(relation as Attribute, "references")).map((f) => columnOf(target, f)),
      onDelete: action(argument(relation as Attribute, "onDelete"), field.optional ? "SET NULL" : "RESTRICT"),
      onUpdate: action(argument(relation as Attribute, "onUpdate"), "CASCADE"),
    };
  }
}

/** What a database migrated from `schema` must look like. */
export function expectedShape(schema: PrismaSchema): DbShape {
  const ctx: Context = {
    schema,
    models: new Map(schema.models.map((m) => [m.name, m])),
    enums: new Map(schema.enums.map((e) => [e.name, e])),
  };
  const shape: DbShape = { tables: {}, columns: {}, indexes: {}, foreignKeys: {}, enums: {} };
  for (const e of schema.enums) shape.enums[enumTypeOf(e)] = e.values.map((v) => mapped(v.attributes, v.name));
  for (const model of schema.models) addModel(ctx, model, shape);
  return shape;
}

const PG_ACTIONS: Record<string, string> = { a: "NO ACTION", r: "RESTRICT", c: "CASCADE", n: "SET NULL", d: "SET DEFAULT" };

/** The shape of the `public` schema of a live database (Prisma's own `_prisma_migrations` left out). */
export async function readShape(client: Client): Promise<DbShape> {
  const shape: DbShape = { tables: {}, columns: {}, indexes: {}, foreignKeys: {}, enums: {} };
  const skip = "_prisma_migrations";

  const tables = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> $1`, [skip]);
  for (const row of tables.rows) shape.tables[row.table_name] = { primaryKey: null };

  const columns = await client.query<{ table_name: string; column_name: string; data_type: string; udt_name: string; formatted: string; is_nullable: string; column_default: string | null }>(`
    SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default,
           format_type(a.atttypid, a.atttypmod) AS formatted
      FROM information_schema.columns c
      JOIN pg_catalog.pg_attribute a ON a.attrelid = format('public.%I', c.table_name)::regclass AND a.attname = c.column_name
     WHERE c.table_schema = 'public' AND c.table_name <> $1`, [skip]);
  for (const row of columns.rows) {
    let type = row.formatted;
    if (row.data_type === "USER-DEFINED") type = `USER-DEFINED ${row.udt_name}`;
    else if (row.data_type === "ARRAY" && row.formatted.startsWith('"')) type = `USER-DEFINED ${row.udt_name.replace(/^_/, "")}[]`;
    shape.columns[`${row.table_name}.${row.column_name}`] = { type, nullable: row.is_nullable === "YES", default: row.column_default };
  }

  const indexes = await client.query<{ table_name: string; index_name: string; unique: boolean; primary: boolean; constraint_name: string | null; columns: (string | null)[]; partial: boolean }>(`
    SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS unique, x.indisprimary AS primary,
           con.conname AS constraint_name, x.indpred IS NOT NULL AS partial,
           ARRAY(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                   LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                  ORDER BY k.ord) AS columns
      FROM pg_catalog.pg_index x
      JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid
      JOIN pg_catalog.pg_class t ON t.oid = x.indrelid
      JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace
      LEFT JOIN pg_catalog.pg_constraint con ON con.conindid = x.indexrelid AND con.contype = 'p'
     WHERE n.nspname = 'public' AND t.relname <> $1`, [skip]);
  for (const row of indexes.rows) {
    const cols = row.columns.map((c) => c ?? "<expression>");
    if (row.partial) cols.push("<where clause>");
    if (row.primary) {
      const table = shape.tables[row.table_name];
      if (table) table.primaryKey = { name: row.constraint_name ?? row.index_name, columns: cols };
    } else {
      shape.indexes[row.index_name] = { table: row.table_name, columns: cols, unique: row.unique };
    }
  }

  const fks = await client.query<{ name: string; table_name: string; ref_table: string; columns: string[]; ref_columns: string[]; del: string; upd: string }>(`
    SELECT con.conname AS name, t.relname AS table_name, r.relname AS ref_table,
           con.confdeltype AS del, con.confupdtype AS upd,
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
           ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                   JOIN pg_catalog.pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns
      FROM pg_catalog.pg_constraint con
      JOIN pg_catalog.pg_class t ON t.oid = con.conrelid
      JOIN pg_catalog.pg_class r ON r.oid = con.confrelid
      JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace
     WHERE con.contype = 'f' AND n.nspname = 'public'`);
  for (const row of fks.rows) {
    shape.foreignKeys[row.name] = {
      table: row.table_name, columns: row.columns, refTable: row.ref_table, refColumns: row.ref_columns,
      onDelete: PG_ACTIONS[row.del] ?? row.del, onUpdate: PG_ACTIONS[row.upd] ?? row.upd,
    };
  }

  const enums = await client.query<{ name: string; labels: string[] }>(`
    SELECT t.typname AS name, ARRAY(SELECT e.enumlabel::text FROM pg_catalog.pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS labels
      FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
     WHERE t.typtype = 'e' AND n.nspname = 'public'`);
  for (const row of enums.rows) shape.enums[row.name] = row.labels;

  return shape;
}

function describe(value: unknown): string {
  return JSON.stringify(value);
}

function diffSection<T>(label: string, expected: Record<string, T>, actual: Record<string, T>, out: string[]): void {
  for (const key of Object.keys(expected).sort()) {
    if (!(key in actual)) out.push(`${label} ${key}: missing (expected ${describe(expected[key])})`);
    else if (describe(expected[key]) !== describe(actual[key])) {
      out.push(`${label} ${key}: expected ${describe(expected[key])}, found ${describe(actual[key])}`);
    }
  }
  for (const key of Object.keys(actual).sort()) {
    if (!(key in expected)) out.push(`${label} ${key}: unexpected (found ${describe(actual[key])})`);
  }
}

/** One line per difference; empty when the database matches. */
export function diffShapes(expected: DbShape, actual: DbShape): string[] {
  const out: string[] = [];
  diffSection("table", expected.tables, actual.tables, out);
  diffSection("column", expected.columns, actual.columns, out);
  diffSection("index", expected.indexes, actual.indexes, out);
  diffSection("foreign key", expected.foreignKeys, actual.foreignKeys, out);
  diffSection("enum", expected.enums, actual.enums, out);
  return out;
}
