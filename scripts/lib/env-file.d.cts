// Types of scripts/lib/env-file.cjs for the TypeScript tests.
export type EnvValues = Record<string, string>;
export declare const DEFAULTS: Readonly<EnvValues>;
export declare const START_HINT: string;
export declare function generateSecret(bytes?: number): string;
export declare function parseEnv(text: string): EnvValues;
export declare function formatValue(value: string): string;
export declare function defaultEnvFile(secret?: string, now?: Date): string;
export declare function appendEntries(text: string, entries: EnvValues): string;
export declare function replaceEntry(text: string, key: string, value: string): string;
export declare function resolveEnv(fileValues: EnvValues, processEnv: Record<string, string | undefined>): EnvValues;
export declare function redactUrl(url: string): string;
export declare function endpointOf(url: string, defaultPort: number): { host: string; port: number };
export declare function unreachableMessage(service: "Postgres" | "Redis", url: string, reason: string): string;
