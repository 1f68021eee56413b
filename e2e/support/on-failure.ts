import { beforeEach } from 'vitest';
import { reportOpenPages } from './browser.js';

// A browser test that fails on CI leaves only the log: say what its pages showed.
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => reportOpenPages(task.name));
});
