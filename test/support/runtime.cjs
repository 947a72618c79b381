// Jest's module runtime, with V8's code cache kept between the test files a worker runs. Jest
// compiles every module anew for each test file (`vm.compileFunction` in jest-runtime's
// compile()): a worker running 150 files parsed the language package, Prisma's client and the
// rest 150 times (a quarter of a lang unit file's CPU in a profile). Here the first compile of a module's
// code in a worker also produces its code cache, and the next test files' compiles of the same
// code start from it. The cache is used only for the very same code (compared in full): V8
// checks little more than the length. Each file still gets its own module instances and globals.
// About 9 % less CPU for lang unit files and in-process API files (docs/adr/0365).
/* eslint-disable @typescript-eslint/no-require-imports -- jest requires a runtime module as it is: CommonJS, no transform */
const vm = require("node:vm");
const Runtime = require("jest-runtime").default;

/** filename -> the code compiled and V8's cache of it, per worker process. */
const cache = new Map();
/** Code and cache bytes held (a string's length counted as its bytes); no more is kept past the bound. */
const MAX_BYTES = 256 * 1024 * 1024;
let heldBytes = 0;

/** vm.compileFunction with the cache of `filename`'s code, producing it on the first compile. */
function cachedCompile(compileFunction, filename) {
  return (code, params, options) => {
    const known = cache.get(filename);
    if (known && known.code === code) {
      const fn = compileFunction(code, params, { ...options, cachedData: known.data });
      if (!fn.cachedDataRejected) return fn;
      cache.delete(filename);
      heldBytes -= code.length + known.data.length;
      return fn;
    }
    const fn = compileFunction(code, params, { ...options, produceCachedData: true });
    if (fn.cachedDataProduced && fn.cachedData && heldBytes + code.length + fn.cachedData.length <= MAX_BYTES) {
      const replaced = cache.get(filename);
      if (replaced) heldBytes -= replaced.code.length + replaced.data.length;
      cache.set(filename, { code, data: fn.cachedData });
      heldBytes += code.length + fn.cachedData.length;
    }
    return fn;
  };
}

class CachedCompileRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    // jest-runtime 30 compiles in its module executor (`this.executor.compile`), calling
    // `vm.compileFunction` on node:vm's module object at the call: replaced for that synchronous
    // call only. Without an executor (another jest) modules compile as before, uncached.
    const executor = this.executor;
    if (!executor || typeof executor.compile !== "function") return;
    const compile = executor.compile.bind(executor);
    executor.compile = (scriptSource, filename) => {
      const compileFunction = vm.compileFunction;
      vm.compileFunction = cachedCompile(compileFunction, filename);
      try {
        return compile(scriptSource, filename);
      } finally {
        vm.compileFunction = compileFunction;
      }
    };
  }
}

module.exports = CachedCompileRuntime;
