/**
 * Runs in every test file (jest.config.js setupFilesAfterEnv). http-terminator's logger (roarr) adds an
 * 'error' listener to process.stdout when it loads, and each test file loads it again in a module registry
 * of its own: the listener is removed when the file ends, or the tenth file in a worker warns
 * (MaxListenersExceededWarning).
 */
afterAll(() => {
  (globalThis as { ROARR?: { teardown?: () => void } }).ROARR?.teardown?.();
});
