// Jest's node environment, with the test file's global object made by
// `vm.createContext(vm.constants.DONT_CONTEXTIFY)` (Node >= 20.18) instead of a contextified
// Proxy. Why: Jest contextifies a Proxy, so every read of a global name in a test file or in the
// code it loads (Math, Float64Array, Number, ... also inside scripts compiled with new Function)
// goes through V8's interceptor and the Proxy, and V8 cannot optimise the loops around it: an
// evaluation loop calling Math.imul ran 30-300 times slower under Jest than under node. A
// DONT_CONTEXTIFY global is an ordinary global object of a new context: each test file still
// has its own globals and built-ins, set up by Jest as before (docs/adr/0213).
import vm from "node:vm";
import { TestEnvironment } from "jest-environment-node";

type Args = ConstructorParameters<typeof TestEnvironment>;

export default class NodeEnvironment extends TestEnvironment {
  constructor(config: Args[0], context: Args[1]) {
    // jest-environment-node calls vm.createContext(proxy) once, in its constructor.
    // `vm` is node:vm's module object itself (a default import), so that its call sees the replacement.
    const vmModule = vm as { createContext: typeof vm.createContext };
    const createContext = vmModule.createContext;
    vmModule.createContext = () => createContext(vm.constants.DONT_CONTEXTIFY);
    try {
      super(config, context);
    } finally {
      vmModule.createContext = createContext;
    }
  }
}
