// The API's objects by name (components/schemas of /openapi.json).
import type { components } from "./generated/openapi";

type Schemas = components["schemas"];
export type Account = Schemas["Account"];
export type Usage = Schemas["Usage"];
export type ApiKey = Schemas["ApiKey"];
export type Instrument = Schemas["Instrument"];
export type Diagnostic = Schemas["Diagnostic"];
export type ScriptInterface = Schemas["Interface"];
export type ScriptFile = Schemas["File"];
export type Script = Schemas["Script"];
export type Validation = Schemas["Validation"];
export type Version = Schemas["Version"];
export type LibraryScript = Schemas["LibraryScript"];
export type Run = Schemas["Run"];
export type RunSummary = Schemas["RunSummary"];
export type RunRequest = Schemas["RunRequest"];
export type Event = Schemas["Event"];
export type IndicatorPoint = Schemas["IndicatorPoint"];
export type StudyResult = Schemas["StudyResult"];
export type DocTopic = Schemas["DocTopic"];
export type DeviceAuthorization = Schemas["DeviceAuthorization"];
export type Token = Schemas["Token"];
export type ErrorEnvelope = Schemas["ErrorEnvelope"];
