import { getTopic, listTopics } from "../../src/docs";

describe("docs topics", () => {
  test("every listed topic has markdown, unknown topics are null", () => {
    const topics = listTopics();
    expect(topics.map((t) => t.topic)).toEqual(expect.arrayContaining(["tour", "execution-model", "indicators", "definitions", "studies", "differences", "reference-ta"]));
    for (const t of topics) expect(getTopic(t.topic)).toMatch(/^# /);
    expect(getTopic("nope")).toBeNull();
    expect(getTopic("reference-ta")).toContain("ta.sma(source: series float, length: series int): series float");
  });
});
