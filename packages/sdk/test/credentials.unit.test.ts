// Where `barscript login` saves its key and what the CLI and the MCP connector read back from it
// (docs/adr/0284): the XDG base directory rule (a config home of $XDG_CONFIG_HOME, else ~/.config).
import { credentialsPath, parseCredentials } from "../src";

describe("credentialsPath", () => {
  it("is BARSCRIPT_CREDENTIALS when set, else under XDG_CONFIG_HOME, else under ~/.config", () => {
    expect(credentialsPath({ BARSCRIPT_CREDENTIALS: "/keys/bs.json", XDG_CONFIG_HOME: "/xdg" }, "/home/ann")).toBe("/keys/bs.json");
    expect(credentialsPath({ XDG_CONFIG_HOME: "/xdg/" }, "/home/ann")).toBe("/xdg/barscript/credentials.json");
    expect(credentialsPath({}, "/home/ann")).toBe("/home/ann/.config/barscript/credentials.json");
  });

  it("takes an empty variable as unset", () => {
    expect(credentialsPath({ BARSCRIPT_CREDENTIALS: "", XDG_CONFIG_HOME: "" }, "/home/ann")).toBe("/home/ann/.config/barscript/credentials.json");
  });
});

describe("parseCredentials", () => {
  it("keeps the address and key a login saved and nothing else", () => {
    expect(parseCredentials('{"base_url":"http://localhost:8080/v1","api_key":"bsk_x","key":{"id":"key_1"}}')).toEqual({ base_url: "http://localhost:8080/v1", api_key: "bsk_x" });
  });

  it("is empty for a file that is not JSON, not an object, or holds other types", () => {
    expect(parseCredentials("not json")).toEqual({});
    expect(parseCredentials("null")).toEqual({});
    expect(parseCredentials('{"base_url":1,"api_key":null}')).toEqual({});
  });
});
