// Bad input to barscript-admin exits non-zero with a one-line reason (docs/reference/api.md "Operators").
import { parseExpiry } from "../src/commands/key";
import { oneLineErrors } from "../src/main";

const NOW = new Date("2026-11-22T00:00:00Z");

describe("parseExpiry --expires-at", () => {
  it.each([["2030-02-30"], ["2030-13-01"], ["2030-02-28T24:00:00Z"], ["2030-02-28T10:60:00Z"], ["2030-02-28T10:00:00+25:00"], ["yesterday"]])(
    "when the time is %s, then it is refused",
    (expiresAt) => {
      expect(() => parseExpiry({ expiresAt }, NOW)).toThrow(/--expires-at must be an RFC 3339 time/);
    },
  );

  it("when the time is real, past ones included, then it is taken as given", () => {
    expect(parseExpiry({ expiresAt: "2028-02-29" }, NOW)?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(parseExpiry({ expiresAt: "2020-01-01T10:00:00+01:00" }, NOW)?.toISOString()).toBe("2020-01-01T09:00:00.000Z");
  });
});

describe("oneLineErrors", () => {
  it("when commander would print the whole help for a group named without its command, then one line names the choices", () => {
    const help = "Usage: barscript-admin account [options] [command]\n\ncreate accounts\n\nOptions:\n  -h, --help  display help\n\nCommands:\n  create [options]  create an account\n  admit [options]   admit\n  plan [options]    set a plan\n  help [command]    display help for command\n";
    expect(oneLineErrors(help)).toBe("barscript-admin: missing command: barscript-admin account <create|admit|plan> (see --help)\n");
    expect(oneLineErrors("error: unknown option '--bogus'\n")).toBe("error: unknown option '--bogus'\n");
  });
});
