import { describe, expect, it } from "vitest";
import { developmentErrorPage } from "../../server/pageWriter.ts";

// The page `npm run dev` answers when a page fails to render (server/pageWriter.ts).
describe("the development error page", () => {
  it("shows the error and its stack, escaped, as an alert", () => {
    const error = new TypeError("Cannot read properties of undefined (reading '<b>title</b>')");
    const html = developmentErrorPage(error).toString();
    expect(html).toContain('<pre role="alert">TypeError: Cannot read properties of undefined');
    expect(html).toContain("&lt;b&gt;title&lt;/b&gt;");
    expect(html).not.toContain("<b>title</b>");
    expect(html).toContain("developmentErrorPage.test.ts");
  });

  it("shows what was thrown when it is not an Error", () => {
    expect(developmentErrorPage("plain <text>").toString()).toContain('<pre role="alert">plain &lt;text&gt;</pre>');
  });
});
