// The schema drift test is only as good as its parser and its reading of Prisma's conventions.
import { expectedShape } from "../../../test/support/db-shape";
import { parsePrismaSchema, SchemaSyntaxError } from "../../../test/support/prisma-schema";

const SOURCE = `
// comment with "quotes" and @attributes
generator client {
  provider = "prisma-client" // trailing
}
datasource db { provider = "postgresql" }

enum Color {
  red
  dark_blue @map("dark-blue")
  @@map("colors")
}

/// doc comment
model Owner {
  id     BigInt  @id @default(autoincrement())
  label  String  @default("it's") @db.VarChar(20)
  color  Color   @default(dark_blue)
  tags   String[]
  ratio  Float   @default(-1.5)
  seen   DateTime? @map("seen_at")
  at     DateTime @default(now()) @db.Timestamptz(3)
  items  Item[]
  @@unique([label, color], map: "owner_label_color")
  @@index([color(sort: Desc), label])
  @@map("owners")
}

model Item {
  ownerId BigInt
  seq     Int     @default(0)
  alt     BigInt?
  ok      Boolean @default(true)
  owner   Owner   @relation(fields: [ownerId], references: [id], onDelete: Cascade)
  other   Owner?  @relation("alt", fields: [alt], references: [id])
  @@id([ownerId, seq])
}
`;

describe("parsePrismaSchema", () => {
  const schema = parsePrismaSchema(SOURCE.replace("  items  Item[]\n", "  items  Item[]\n  alts   Item[] @relation(\"alt\")\n"));

  it("when given enums, then values and @map/@@map are kept", () => {
    expect(schema.enums).toEqual([{
      name: "Color",
      values: [{ name: "red", attributes: [] }, { name: "dark_blue", attributes: [{ name: "map", args: [{ value: { kind: "string", value: "dark-blue" } }] }] }],
      attributes: [{ name: "map", args: [{ value: { kind: "string", value: "colors" } }] }],
    }]);
  });

  it("when given fields, then types, modifiers and attributes with arguments are parsed", () => {
    const owner = schema.models.find((m) => m.name === "Owner");
    expect(owner?.fields.map((f) => [f.name, f.type, f.optional, f.list])).toEqual([
      ["id", "BigInt", false, false], ["label", "String", false, false], ["color", "Color", false, false],
      ["tags", "String", false, true], ["ratio", "Float", false, false], ["seen", "DateTime", true, false],
      ["at", "DateTime", false, false], ["items", "Item", false, true], ["alts", "Item", false, true],
    ]);
    expect(owner?.fields[1]?.attributes).toEqual([
      { name: "default", args: [{ value: { kind: "string", value: "it's" } }] },
      { name: "db.VarChar", args: [{ value: { kind: "number", value: "20" } }] },
    ]);
    expect(owner?.attributes.map((a) => a.name)).toEqual(["unique", "index", "map"]);
    const item = schema.models.find((m) => m.name === "Item");
    expect(item?.fields[4]?.attributes[0]?.args).toEqual([
      { name: "fields", value: { kind: "array", items: [{ kind: "ident", name: "ownerId" }] } },
      { name: "references", value: { kind: "array", items: [{ kind: "ident", name: "id" }] } },
      { name: "onDelete", value: { kind: "ident", name: "Cascade" } },
    ]);
  });

  it("when mapped to Postgres, then Prisma's types, defaults, names and actions come out", () => {
    const shape = expectedShape(schema);
    expect(shape.enums).toEqual({ colors: ["red", "dark-blue"] });
    expect(shape.tables).toEqual({
      owners: { primaryKey: { name: "owners_pkey", columns: ["id"] } },
      Item: { primaryKey: { name: "Item_pkey", columns: ["ownerId", "seq"] } },
    });
    expect(shape.columns).toEqual({
      "owners.id": { type: "bigint", nullable: false, default: "nextval('owners_id_seq'::regclass)" },
      "owners.label": { type: "character varying(20)", nullable: false, default: "'it''s'::character varying" },
      "owners.color": { type: "USER-DEFINED colors", nullable: false, default: "'dark-blue'::colors" },
      "owners.tags": { type: "text[]", nullable: true, default: null },
      "owners.ratio": { type: "double precision", nullable: false, default: "'-1.5'::double precision" },
      "owners.seen_at": { type: "timestamp(3) without time zone", nullable: true, default: null },
      "owners.at": { type: "timestamp(3) with time zone", nullable: false, default: "CURRENT_TIMESTAMP" },
      "Item.ownerId": { type: "bigint", nullable: false, default: null },
      "Item.seq": { type: "integer", nullable: false, default: "0" },
      "Item.alt": { type: "bigint", nullable: true, default: null },
      "Item.ok": { type: "boolean", nullable: false, default: "true" },
    });
    expect(shape.indexes).toEqual({
      owner_label_color: { table: "owners", columns: ["label", "color"], unique: true },
      owners_color_label_idx: { table: "owners", columns: ["color", "label"], unique: false },
    });
    expect(shape.foreignKeys).toEqual({
      Item_ownerId_fkey: { table: "Item", columns: ["ownerId"], refTable: "owners", refColumns: ["id"], onDelete: "CASCADE", onUpdate: "CASCADE" },
      Item_alt_fkey: { table: "Item", columns: ["alt"], refTable: "owners", refColumns: ["id"], onDelete: "SET NULL", onUpdate: "CASCADE" },
    });
  });

  it("when a required relation has no onDelete, then it restricts", () => {
    const shape = expectedShape(parsePrismaSchema(`
      model A { id Int @id  bs B[] }
      model B { id Int @id  aId Int  a A @relation(fields: [aId], references: [id]) }`));
    expect(shape.foreignKeys["B_aId_fkey"]).toMatchObject({ onDelete: "RESTRICT", onUpdate: "CASCADE" });
  });

  it("when the source is malformed, then the error names the line", () => {
    expect(() => parsePrismaSchema("model A {\n  id Int @id(\n}")).toThrow(SchemaSyntaxError);
    expect(() => parsePrismaSchema("model A {\n  id Int @id\n  name \"x\"\n}")).toThrow(/line 3: expected a name/);
    expect(() => parsePrismaSchema("view V { id Int }")).toThrow(/unsupported block "view"/);
  });

  it("when a many-to-many relation is implicit, then the drift test refuses it", () => {
    expect(() => expectedShape(parsePrismaSchema("model A { id Int @id  bs B[] }\nmodel B { id Int @id  as A[] }")))
      .toThrow(/implicit many-to-many/);
  });
});
