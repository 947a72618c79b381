// `import owner/slug/version`: the owner is an account's handle, which may hold dashes and pieces
// starting with digits (packages/db handles.ts: ^[a-z0-9][a-z0-9-]{1,38}$), as slugs may. Before,
// only a name was read there, so a library of "my-name" could not be imported (a syntax error at
// the dash), nor one of "ni-0e5c" or "7trader" (an invalid number literal).
import { evaluateValid, lib, outputsByName, resolverOf } from "./harness";

const LIBRARY = `//@version=6
library("lt")
export double(float x) => x * 2
`;

test("a library whose owner's handle holds dashes or pieces starting with digits is imported", async () => {
  const libs = resolverOf([lib("my-name", "two-x", 1, LIBRARY), lib("ni-0e5c", "lt", 1, LIBRARY), lib("7trader", "2-ma", 3, LIBRARY)]);
  const res = await evaluateValid(`//@version=6\nindicator("t")\nimport my-name/two-x/1 as a\nimport ni-0e5c/lt/1 as b\nimport 7trader/2-ma/3 as c\nplot(a.double(close), "a")\nplot(b.double(close + 1), "b")\nplot(c.double(close - 1), "c")`, [3, 4], { resolver: libs });
  expect(outputsByName(res)).toEqual({ a: [6, 8], b: [8, 10], c: [4, 6] });
});
