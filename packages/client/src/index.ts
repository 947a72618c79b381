export { BarscriptClient, type ClientOptions, type RequestOptions, type Answer, type RawAnswer } from "./client";
export { ClientError } from "./errors";
export { decideRetry, isRetryable, parseRetryAfter, type RetryPolicy } from "./retry";
