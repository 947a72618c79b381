// The CLI's version, from its package.json.
import pkg from "../package.json";

export const VERSION: string = pkg.version;
