// One Prisma client per process, on the pg driver adapter (Prisma 7 has no native engine here).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;

export function createDb(databaseUrl: string, options: { max?: number } = {}): Db {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
