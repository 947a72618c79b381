// `import owner/slug/version`: the owner is an account's handle, which may hold dashes (packages/db
// handles.ts: ^[a-z0-9][a-z0-9-]{1,38}$), as slugs may. Before, only a name was read there, so a
// library of "my-name" could not be imported (a syntax error at the dash).
import { evaluateValid, lib, outputsByName, resolverOf } from "./harness";

const LIBRARY = `//@version=6
library("lt")
export double(float x) => x * 2
`;

test("a library whose owner's handle holds dashes is imported", async () => {
  const libs = resolverOf([lib("my-name", "two-x", 1, LIBRARY), lib("trader-2-b", "lt", 1, LIBRARY)]);
  const res = await evaluateValid(`//@version=6\nindicator("t")\nimport my-name/two-x/1 as a\nimport trader-2-b/lt/1 as b\nplot(a.double(close), "a")\nplot(b.double(close + 1), "b")`, [3, 4], { resolver: libs });
  expect(outputsByName(res)).toEqual({ a: [6, 8], b: [8, 10] });
});
