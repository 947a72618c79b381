// @barscript/sdk: the typed client of the Barscript /v1 API.
export { Barscript, pageItems, type AnswerOf, type ArgsOf, type CallOptions, type ItemOf, type OperationId, type PagedOperationId, type ParamsOf, type SdkOptions } from "./sdk";
export { OPERATIONS } from "./generated/operations";
export { credentialsPath, parseCredentials, type SavedCredentials } from "./credentials";
export { ClientError, decideRetry, type RetryPolicy } from "@barscript/client";
export type { components, operations, paths } from "./generated/openapi";
export type * from "./objects";
