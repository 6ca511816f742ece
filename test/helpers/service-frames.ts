/**
 * The width, content box, of every /service service card's picture frame, measured in Chromium
 * at 375, 768 and 1280 px. All eight cards share a frame at each width (client/styles/inner.css),
 * so the drawings' one type scale shows as one type size: test/unit/page-art.test.ts sizes the
 * drawings' text with these, test/e2e/inner-pages.test.ts checks the page still lays them out so.
 */
export const serviceFrames = { 375: 293, 768: 314, 1280: 347 } as const;
