// Types of scripts/lib/service-command.cjs for the TypeScript tests.
/** The command and arguments that run a TypeScript entry point with tsx as one Node process (`localTsx`: tsx is installed). */
export declare function serviceCommand(entry: string, localTsx: boolean): [string, string[]];
/** The environment `npm run up` starts the service `name` with: the API without `METRICS_PORT`, which is the worker's. */
export declare function serviceEnv(name: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
