import { describe, expect, it } from "vitest";
import { classifyUrl } from "../../server/pageUrl.ts";

describe("classifyUrl", () => {
  it("keeps the canonical spelling, whatever the query, and picks a variant only for a value the page reads", () => {
    expect(classifyUrl("/main")).toMatchObject({ kind: "page", key: "/main" });
    expect(classifyUrl("/main?utm_source=x&fbclid=1")).toMatchObject({ kind: "page", key: "/main" });
    expect(classifyUrl("/?gclid=a")).toMatchObject({ kind: "page", key: "/" });
    expect(classifyUrl("/Contact?sent=1")).toMatchObject({ kind: "page", key: "/Contact?sent=1" });
    expect(classifyUrl("/Contact?utm_source=x&sent=1")).toMatchObject({ kind: "page", key: "/Contact?sent=1" });
    expect(classifyUrl("/Contact?sent=2")).toMatchObject({ kind: "page", key: "/Contact" });
    expect(classifyUrl("/Contact?sent=%31")).toMatchObject({ kind: "page", key: "/Contact?sent=1" });
  });

  it("redirects other spellings of a page path to it, the query as it came (made safe for a header)", () => {
    expect(classifyUrl("//main")).toEqual({ kind: "redirect", location: "/main" });
    expect(classifyUrl("/main/?a=1")).toEqual({ kind: "redirect", location: "/main?a=1" });
    expect(classifyUrl("/CONTACT//")).toEqual({ kind: "redirect", location: "/Contact" });
    expect(classifyUrl("//")).toEqual({ kind: "redirect", location: "/" });
    expect(classifyUrl("/%63ategory")).toEqual({ kind: "redirect", location: "/Category" });
    expect(classifyUrl("/main/?q=\u00e9 x")).toEqual({ kind: "redirect", location: "/main?q=%E9%20x" });
  });

  it("never maps an escaped slash, a dot segment or a NUL to a page, and refuses malformed escapes", () => {
    for (const url of ["/main%2F", "/%2Fmain", "/./main", "/x/../main", "/main%00", "/main%5C", "/nope"])
      expect(classifyUrl(url), url).toEqual({ kind: "notFound" });
    for (const url of ["/%", "/%zz", "/%E9", "http://evil/main", "*"])
      expect(classifyUrl(url), url).toEqual({ kind: "badRequest" });
  });
});
