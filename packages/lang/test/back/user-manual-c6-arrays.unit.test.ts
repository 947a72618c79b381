// TradingView's Pine v6 user manual, Arrays page (pass C6), Error handling: the runtime errors'
// texts as the manual titles them.
import { compile, evaluate, validate } from "../../src";
import { risingBars, SYMBOL } from "./harness";

const noLibraries = { resolve: async () => null };

async function firstError(body: string): Promise<string | undefined> {
  const v = await validate([{ path: "main.pine", content: `//@version=6\nindicator("e")\n${body}\nplot(close)` }], { resolver: noLibraries });
  if (!v.valid) throw new Error(JSON.stringify(v.diagnostics));
  return evaluate(compile(v.checked!, v.interface!), risingBars(1), {}, { symbol: SYMBOL, windowStart: 0 }).runtimeErrors[0]?.message;
}

describe("array runtime errors read as the manual's Error handling section titles them", () => {
  test.each([
    ["a = array.from(1.0, 2.0)\nx = a.get(2)", "Index 2 is out of bounds. Array size is 2"],
    ["array<float> a = na\nx = a.size()", "Cannot call array methods when ID of array is 'na'"],
    ["a = array.new_float(-1)", "Cannot create an array with a negative size"],
    ["a = array.new_float(100001)", "Array is too large. Maximum size is 100000"],
    ["a = array.new_float()\nx = a.shift()", "Cannot use shift() if array is empty."],
    ["a = array.new_float()\nx = a.pop()", "Cannot use pop() if array is empty."],
  ])("%s", async (body, message) => {
    expect(await firstError(body)).toBe(message);
  });
});

describe("matrix runtime errors read as the manual's Matrices page (Error handling) titles them", () => {
  test.each([
    ["matrix<float> m = matrix.new<float>(2, 3, 0.0)\nm.set(row = 2, column = 0, value = 1.0)", "The row index (2) is out of bounds, row size is (2)."],
    ["m = matrix.new<float>(2, 3, 0.0)\nx = m.submatrix(from_column = 1, to_column = 4)", "The column index (4) is out of bounds, column size is (3)."],
    ["m = matrix.new<float>()\nm.add_col(0, array.from(1, 2))\nm.add_col(1, array.from(1, 2, 3))", "The array size does not match the number of rows or columns in the matrix."],
    ["matrix<float> m = na\nmCopy = m.copy()", "Cannot call matrix methods when the ID of matrix is 'na'."],
    ["m = matrix.new<float>(1000, 101, 0.0)", "Matrix is too large. Maximum size of the matrix is 100,000 elements."],
    ["m = matrix.new<float>(4, 4, 1.0)\nmSub = m.submatrix(from_row = 2, to_row = 2)", "The row/column index must be 0 <= from_row/column < to_row/column."],
    ["mSum = matrix.sum(matrix.new<float>(2, 3, 1), matrix.new<float>(3, 4, 2))", "Matrices 'id1' and 'id2' must have an equal number of rows and columns to be added."],
    ["mSum = matrix.mult(matrix.new<float>(2, 3, 1), matrix.new<float>(2, 3, 2))", "The number of columns in the 'id1' matrix must equal the number of rows in the matrix (or the number of elements in the array) 'id2'."],
    ["m = matrix.new<float>(3, 5, 1)\nx = m.det()", "Operation not available for non-square matrices."],
  ])("%s", async (body, message) => {
    expect(await firstError(body)).toBe(message);
  });
});
