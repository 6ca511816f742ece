// The light scheme is written twice in client/styles/tokens.css, once per way in (the visitor's
// choice on <html>, the system's preference); the two must say the same. The inline script that
// applies a choice (client/colorScheme.ts) is run here against a stand-in document; the real
// browser runs it in test/e2e/colour-scheme.test.ts.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ourSvgs } from "../../scripts/art-palette.ts";
import { SCHEME_ATTRIBUTE, SCHEME_SCRIPT, SCHEME_STORAGE_KEY } from "../../client/colorScheme.ts";

const tokens = readFileSync("client/styles/tokens.css", "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

/** The declarations of the first rule whose selector is `selector` (no nested braces inside). */
function declarations(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector} in tokens.css`);
  const body = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  return new Map(
    body
      .split(";")
      .map((d) => d.trim().replace(/\s+/g, " "))
      .filter(Boolean)
      .map((d) => [d.slice(0, d.indexOf(":")).trim(), d.slice(d.indexOf(":") + 1).trim()] as [string, string]),
  );
}

const chosen = declarations(tokens, ':root[data-scheme="light"]');
const media = tokens.slice(tokens.indexOf("@media (prefers-color-scheme: light)"));
const preferred = declarations(media, ':root:not([data-scheme="dark"])');
const dark = declarations(tokens, ":root");

describe("the light scheme's tokens", () => {
  it("say the same whether chosen with the switch or preferred by the system", () => {
    expect(chosen.size).toBeGreaterThan(15);
    expect(Object.fromEntries(preferred)).toEqual(Object.fromEntries(chosen));
    expect(chosen.get("color-scheme")).toBe("light");
    expect(dark.get("color-scheme")).toBe("dark");
  });

  it("re-ink roles the dark scheme defines, or ones components read with a fallback", () => {
    const client = ["base", "layout", "inner", "home", "contact", "agent-card", "pages", "toast"]
      .map((name) => readFileSync(`client/styles/${name}.css`, "utf8"))
      .join("\n");
    for (const name of chosen.keys()) {
      if (name === "color-scheme") continue;
      const withFallback = new RegExp(`var\\(${name},`).test(client);
      expect(dark.has(name) || withFallback, name).toBe(true);
    }
  });
});

describe("the art", () => {
  it("follows neither scheme inside an SVG: an <img> would follow the system, not the switch", () => {
    for (const file of ourSvgs()) expect(readFileSync(file, "utf8"), file).not.toMatch(/prefers-color-scheme/);
  });
});

/** Runs the inline script against a stand-in document, window and storage. */
function runScript({ stored, prefersLight }: { stored?: string; prefersLight: boolean }) {
  const attributes = new Map<string, string>();
  const listeners = new Map<string, (event: unknown) => void>();
  const switchAttributes = new Map<string, string>();
  const storage = new Map<string, string>(stored ? [[SCHEME_STORAGE_KEY, stored]] : []);
  const button = {
    setAttribute: (name: string, value: unknown) => switchAttributes.set(name, String(value)),
    toggleAttribute: (name: string, on: boolean) =>
      on ? switchAttributes.set(name, "") : switchAttributes.delete(name),
    closest: (selector: string) => (selector === "[data-scheme-switch]" ? button : null),
  };
  // The frame after the tap's and the task after it: run when the test says the frame has passed.
  const later: Array<() => void> = [];
  const documentElement = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => attributes.set(name, value),
  };
  const document = {
    documentElement,
    querySelectorAll: () => [button],
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  runInNewContext(SCHEME_SCRIPT, {
    document,
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
    matchMedia: () => ({ matches: prefersLight, addEventListener: () => {} }),
    requestAnimationFrame: (run: () => void) => later.push(run),
    setTimeout: (run: () => void) => later.push(run),
  });
  return {
    scheme: () => attributes.get(SCHEME_ATTRIBUTE),
    stored: () => storage.get(SCHEME_STORAGE_KEY),
    checked: () => switchAttributes.get("aria-checked"),
    parsed: () => listeners.get("DOMContentLoaded")!({}),
    flipped: () => switchAttributes.has("data-flip"),
    click: (target: unknown) => listeners.get("click")!({ target }),
    painted: () => {
      while (later.length > 0) later.shift()!();
    },
    button,
  };
}

describe("the inline script", () => {
  it("applies a stored choice, and leaves the system to decide without one", () => {
    expect(runScript({ stored: "light", prefersLight: false }).scheme()).toBe("light");
    expect(runScript({ stored: "dark", prefersLight: true }).scheme()).toBe("dark");
    expect(runScript({ prefersLight: true }).scheme()).toBeUndefined();
    expect(runScript({ stored: "sepia", prefersLight: true }).scheme()).toBeUndefined();
  });

  it("tells the switch its state once the page is parsed", () => {
    const light = runScript({ prefersLight: true });
    light.parsed();
    expect(light.checked()).toBe("false");
    const dark = runScript({ prefersLight: false });
    dark.parsed();
    expect(dark.checked()).toBe("true");
  });

  it("turns the switch at once, and applies and remembers the scheme after that frame", () => {
    const page = runScript({ prefersLight: true });
    page.click(page.button);
    // The frame that answers the tap: the switch only; the page is restyled after it.
    expect([page.checked(), page.flipped(), page.scheme(), page.stored()]).toEqual([
      "true",
      true,
      undefined,
      undefined,
    ]);
    page.painted();
    expect([page.scheme(), page.stored(), page.checked(), page.flipped()]).toEqual(["dark", "dark", "true", false]);
    page.click(page.button);
    page.painted();
    expect([page.scheme(), page.stored(), page.checked(), page.flipped()]).toEqual(["light", "light", "false", false]);
    // A click anywhere else changes nothing.
    page.click({ closest: () => null });
    page.click({});
    page.painted();
    expect(page.scheme()).toBe("light");
  });

  it("takes two quick taps as there and back: the pending choice flips, the page never changes", () => {
    const page = runScript({ stored: "dark", prefersLight: false });
    page.click(page.button);
    page.click(page.button);
    expect([page.checked(), page.flipped()]).toEqual(["true", false]);
    page.painted();
    expect([page.scheme(), page.checked(), page.flipped()]).toEqual(["dark", "true", false]);
  });

  it("still switches when storage throws (blocked), for this page", () => {
    const attributes = new Map<string, string>();
    let onClick: ((event: unknown) => void) | undefined;
    const button = { setAttribute: () => {}, toggleAttribute: () => {}, closest: () => button };
    runInNewContext(SCHEME_SCRIPT, {
      document: {
        documentElement: {
          getAttribute: (n: string) => attributes.get(n) ?? null,
          setAttribute: (n: string, v: string) => attributes.set(n, v),
        },
        querySelectorAll: () => [button],
        addEventListener: (type: string, listener: (event: unknown) => void) => {
          if (type === "click") onClick = listener;
        },
      },
      localStorage: {
        getItem: () => {
          throw new Error("SecurityError");
        },
        setItem: () => {
          throw new Error("SecurityError");
        },
      },
      matchMedia: () => ({ matches: false, addEventListener: () => {} }),
      requestAnimationFrame: (run: () => void) => run(),
      setTimeout: (run: () => void) => run(),
    });
    onClick!({ target: button });
    expect(attributes.get(SCHEME_ATTRIBUTE)).toBe("light");
  });

  it("is one expression with no markup in it", () => {
    expect(SCHEME_SCRIPT).toMatch(/^\(\(\)=>\{.*\}\)\(\)$/s);
    expect(SCHEME_SCRIPT).not.toMatch(/<\/?script|<!--/i);
    expect(SCHEME_SCRIPT.length).toBeLessThan(800);
  });
});
