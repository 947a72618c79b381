// The web app's library search: every typed word becomes a prefix in the tsquery.
import { prefixQuery } from "../src/web/library-search";

describe("prefixQuery", () => {
  test("when a person types words, then each is a prefix joined by and; punctuation splits; nothing left is null", () => {
    expect(prefixQuery("Mov ave")).toBe("mov:* & ave:*");
    expect(prefixQuery("ma-cross!")).toBe("ma:* & cross:*");
    expect(prefixQuery("  !!  ")).toBeNull();
    expect(prefixQuery("a b c d e f g h i j")).toBe("a:* & b:* & c:* & d:* & e:* & f:* & g:* & h:*");
  });
});
