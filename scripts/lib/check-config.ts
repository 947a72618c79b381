// `npm run up`'s check of its services' configuration before it migrates, seeds and builds the
// web app: a value the API or the worker refuses stopped them only after those steps, a minute or
// more later (docs/adr/0367). Each service reads the environment up gives it (service-command.cjs):
// prints each refusal as `<service>: <message>` on stderr and exits 1, silent and 0 when both start.
import { loadConfig } from "../../apps/api/src/config";
import { loadWorkerConfig } from "../../apps/worker/src/config";
import { serviceEnv } from "./service-command.cjs";

const SERVICES: Array<[name: string, load: (env: NodeJS.ProcessEnv) => unknown]> = [
  ["api", loadConfig],
  ["worker", loadWorkerConfig],
];

export function configProblems(env: NodeJS.ProcessEnv): string[] {
  return SERVICES.flatMap(([name, load]) => {
    try {
      load(serviceEnv(name, env));
      return [];
    } catch (error) {
      return [`${name}: ${(error as Error).message}`];
    }
  });
}

if (require.main === module) {
  const problems = configProblems(process.env);
  for (const line of problems) process.stderr.write(`${line}\n`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
