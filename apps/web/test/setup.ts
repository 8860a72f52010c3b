import '@testing-library/jest-dom/vitest';

// jsdom lays nothing out, so it has no scrolling; the pages bring results and messages into view.
// Tests that check the scrolling replace this with a recorder.
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {};
