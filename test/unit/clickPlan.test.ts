import { describe, expect, it } from "vitest";
import { planClicks, type Click } from "../helpers/clickPlan.ts";

const body = (href: string): Click => ({ scope: "body", href });
const footer = (href: string): Click => ({ scope: "footer", href });
const hrefs = (plan: Map<string, Click[]>, source: string) => plan.get(source)!.map((c) => `${c.scope} ${c.href}`);

describe("planClicks", () => {
  const layout = [body("/"), body("/main"), body("/Contact#form"), footer("/main")];
  const links = new Map<string, Click[]>([
    ["/", [...layout, body("#about")]],
    ["/main", [...layout, body("/service")]],
    ["/service", [...layout]],
    ["/Contact", [...layout]],
  ]);
  const plan = planClicks(links);
  const all = [...plan.entries()].flatMap(([source, clicks]) => clicks.map((c) => `${source}: ${c.scope} ${c.href}`));

  it("clicks a shared link from the page it leads to and from exactly one other page", () => {
    for (const link of ["body /", "body /main", "body /Contact#form", "footer /main"]) {
      const from = all.filter((line) => line.endsWith(`: ${link}`)).map((line) => line.split(":")[0]);
      const target = link.split(" ")[1]!.split("#")[0];
      expect(from, link).toContain(target);
      expect(
        from.filter((source) => source !== target),
        link,
      ).toHaveLength(1);
    }
  });

  it("always clicks a link only one page has", () => {
    expect(hrefs(plan, "/")).toContain("body #about");
    expect(hrefs(plan, "/main")).toContain("body /service");
  });

  it("spreads the navigations over the pages and makes fewer clicks than every link from every page", () => {
    const total = [...links.values()].reduce((n, clicks) => n + clicks.length, 0);
    expect(all.length).toBeLessThan(total);
    for (const source of links.keys()) expect(plan.get(source)!.length, source).toBeGreaterThan(0);
  });

  it("treats the same href as different links where it leads to different places", () => {
    const anchors = planClicks(
      new Map([
        ["/a", [body("#top")]],
        ["/b", [body("#top")]],
      ]),
    );
    expect(hrefs(anchors, "/a")).toEqual(["body #top"]);
    expect(hrefs(anchors, "/b")).toEqual(["body #top"]);
  });
});
