// Integration tests drive real processes on a shared 2-core machine; a test that fails is run
// once more and both failures are printed, so a slow moment is visible in the log without
// blocking CI, while a real defect (failing twice) still fails the run.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
