import { describe, expect, it } from "vitest";
import { routeByPath, siteRoutes } from "../../shared/site.ts";
import { suggestionProbe, suggestRoute } from "../../shared/suggest.ts";

const suggested = (path: string) => suggestRoute(path)?.path;

describe("the not-found page's suggestion (shared/suggest.ts)", () => {
  it.each([
    ["/categroy", "/Category"],
    ["/contact-us", "/Contact"],
    ["/Contact_Us", "/Contact"],
    ["/contatc", "/Contact"],
    ["/about", "/main"],
    ["/about-us", "/main"],
    ["/services", "/service"],
    ["/servise", "/service"],
    ["/privacy", "/Privacypolicy"],
    ["/privacy-policy", "/Privacypolicy"],
    ["/terms", "/TermsCondition"],
    ["/terms-and-conditions", "/TermsCondition"],
    ["/articles", "/RecentArticles"],
    ["/recent-articles", "/RecentArticles"],
    ["/homepage", "/"],
    ["/catgory/", "/Category"],
    ["/contact%2Dus", "/Contact"],
  ])("suggests %s → %s", (path, route) => {
    expect(suggested(path)).toBe(route);
  });

  it.each(["/x", "/blog", "/wp-admin", "/maintenance", "/%", "/" + "a".repeat(500), "/__render-cache-probe-a"])(
    "suggests nothing for %s",
    (path) => {
      expect(suggested(path)).toBeUndefined();
    },
  );

  it("has a probe for every route that is no page and suggests that route", () => {
    for (const route of siteRoutes) {
      const probe = suggestionProbe(route);
      expect(routeByPath(probe), probe).toBeUndefined();
      expect(suggestRoute(probe), probe).toBe(route);
    }
  });
});
