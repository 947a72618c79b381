// TradingView's Pine v6 user manual, Loops page (pass C6): its examples run through the service's
// pipeline (validate -> compile -> evaluate); expected values are what the manual states.
import { compile, evaluate, validate, type EvaluationResult } from "../../src";
import { risingBars, SYMBOL } from "./harness";

const noLibraries = { resolve: async () => null };

async function runScript(source: string, bars = risingBars(3)): Promise<EvaluationResult> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  if (!v.valid || !v.checked || !v.interface) throw new Error(`refused: ${JSON.stringify(v.diagnostics)}`);
  return evaluate(compile(v.checked, v.interface), bars, {}, { symbol: SYMBOL, windowStart: 0 });
}

describe("a loop initializing a var or varip variable ends after its first iteration (Loops, Structure and syntax)", () => {
  test("var for, var while and varip for...in take their first iteration's value; the same loops without var run through", async () => {
    const r = await runScript(`//@version=6
indicator("Loop into var")
var int forVar = for i = 0 to 5
    i
int forPlain = for i = 0 to 5
    i
int counter = 0
var int whileVar = while counter < 4
    counter += 1
    counter
varip float forInVar = for x in array.from(7.0, 8.0, 9.0)
    x
if barstate.isfirst
    log.info("{0} {1} {2} {3} {4}", forVar, forPlain, whileVar, counter, forInVar)
plot(close)`);
    expect(r.logs.map((l) => l.message)).toEqual(["0 5 1 1 7"]);
  });

  test("the manual's workaround, declaring first and reassigning with :=, runs every iteration", async () => {
    const r = await runScript(`//@version=6
indicator("Workaround")
var int total = 0
if barstate.isfirst
    total := for i = 0 to 5
        i
    log.info("{0}", total)
plot(close)`);
    expect(r.logs.map((l) => l.message)).toEqual(["5"]);
  });
});

describe("loop results with continue and break (Loops, Keywords and return expressions)", () => {
  test("the for...in example's label holds the odd numbers before 8", async () => {
    const r = await runScript(`//@version=6
indicator("Loop keywords and variable assignment demo")
var array<int> randomArray = array.from(1, 5, 2, -3, 14, 7, 9, 8, 15, 12)
if barstate.islastconfirmedhistory
    string tempString = ""
    string finalLabelText = for number in randomArray
        if number == 8
            break
        else if number % 2 == 0
            continue
        tempString += str.tostring(number) + ", "
    label.new(bar_index, 0, finalLabelText)`);
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["1, 5, -3, 7, 9, "]);
  });
});
