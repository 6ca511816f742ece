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

  it("costs microseconds, whatever the path", () => {
    const paths = Array.from(
      { length: 2000 },
      (_, i) =>
        `/${Math.random()
          .toString(36)
          .slice(2, 2 + (i % 40))}`,
    );
    for (const path of paths) suggestRoute(path); // warm-up: the server's runs are warm
    const started = performance.now();
    for (const path of paths) suggestRoute(path);
    // About 5-10 µs a path on the 2-core machine; the bound leaves room for a busy one.
    expect((performance.now() - started) / paths.length).toBeLessThan(0.1);
  });
});
