import { describe, expect, it } from "vitest";
import { classifyUrl } from "../../server/pageUrl.ts";

describe("classifyUrl", () => {
  it.each([
    ["/main", "/main"],
    ["/main?utm_source=x&fbclid=1", "/main"],
    ["/?gclid=a", "/"],
    ["/Contact?sent=1", "/Contact?sent=1"],
    ["/Contact?utm_source=x&sent=1", "/Contact?sent=1"],
    ["/Contact?sent=2", "/Contact"],
    ["/Contact?sent=%31", "/Contact?sent=1"],
  ])("keeps %s as the page %s: the canonical spelling, a variant only for a value the page reads", (url, key) => {
    expect(classifyUrl(url)).toMatchObject({ kind: "page", key });
  });

  it.each([
    ["//main", "/main"],
    ["/main/?a=1", "/main?a=1"],
    ["/CONTACT//", "/Contact"],
    ["//", "/"],
    ["/%63ategory", "/Category"],
    ["/main/?q=\u00e9 x", "/main?q=%E9%20x"],
  ])("redirects %s to %s: the page's own spelling, the query as it came (made safe for a header)", (url, location) => {
    expect(classifyUrl(url)).toEqual({ kind: "redirect", location });
  });

  it("never maps an escaped slash, a dot segment or a NUL to a page, and refuses malformed escapes", () => {
    for (const url of ["/main%2F", "/%2Fmain", "/./main", "/x/../main", "/main%00", "/main%5C", "/nope"])
      expect(classifyUrl(url), url).toEqual({ kind: "notFound" });
    for (const url of ["/%", "/%zz", "/%E9", "http://evil/main", "*"])
      expect(classifyUrl(url), url).toEqual({ kind: "badRequest" });
  });
});
