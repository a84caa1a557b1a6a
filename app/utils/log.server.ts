// app/'s door to the logger and the error log, which live in log/ so that jobs/ and db/ use them
// too without reaching into app/ (docs/architecture.md#layers).
export { log, requestScope, rootLogger, scrubText, withRequestScope } from "../../log/logger.server";
export { errorFrames, errorHeadline, logError } from "../../log/error-log";
export { setErrorReporter } from "../../log/error-report.server";
