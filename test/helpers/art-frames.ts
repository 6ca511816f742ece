/**
 * The width, content box, of /service's service card picture frames, measured in Chromium at
 * 375, 768 and 1280 px. All eight cards share a frame at each width (client/styles/inner.css),
 * so the drawings' one type scale shows as one type size: test/unit/page-art.test.ts sizes the
 * drawings' text with these, test/e2e/inner-pages.test.ts checks the page still lays them out so.
 */
export const serviceFrames = { 375: 293, 768: 314, 1280: 347 } as const;

/**
 * The industry picture's width on /service and /Category, smallest and largest, measured the
 * same way: 333 px on a phone (375 px), 363 px beside its text on tablets (768 px: 318 px at
 * 0.85fr read at 12 px, issue 35), 422 px in the index's panel from 992 px (a 26.5rem column, so
 * its labels stay near the bento's size rather than 20 px and over).
 */
export const industryFrames = { smallest: 333, tablet: 363, largest: 422 } as const;

/**
 * The article pictures' smallest frame, content box, measured the same way: a phone's one card
 * (375 px) on home's News & Articles and on /RecentArticles, 333 x 207 px (a 480 x 300 box; the
 * 384 x 240 drawings are contained in it). From 768 px the cards show them at 347 and 378 px.
 */
export const articleFrame = { width: 333, height: 207 } as const;
