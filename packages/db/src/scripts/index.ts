// Scripts: storage and rules shared by the API, the worker and the seed.
export { ScriptsError, type ScriptsErrorReason } from "./errors";
export { MAX_FILES, MAX_FILE_BYTES, MAX_TOTAL_BYTES, ENTRY_FILE, checkFiles, canonicalFiles, filesDigest } from "./files";
export {
  slugClassOf, createScript, saveVersion, readScript, readVersionFiles, locateScript, isOwn, ownScriptsJsonSql, locateOwnScript, listScripts, listVersions, updateScriptMeta, deleteScript,
  type CreateScriptInput, type SaveVersionInput, type SaveOutcome, type Caller, type LocateOptions, type Located, type ScriptJson, type Page, type PageRequest,
  type ScriptKey, type MetaPatch,
} from "./store";
export { searchLibrary, getLibraryScript, type LibraryKey, type LibrarySearch } from "./library";
export { createScriptResolver, type ScriptResolver, type ResolveRef, type Resolved } from "./resolver";
export { EMPTY_INTERFACE, type ScriptRecord, type VersionRecord, type Derived, type ScriptVisibility } from "./types";
export { createScriptService, kindMismatch, type ScriptService, type ScriptServiceOptions, type ScriptBody, type Validation, type ValidateFn } from "./service";
export { CORE_HANDLE, CORE_LIBRARY_DIR, readCoreLibrary, ensureCoreAccount, seedCoreLibrary, seedCoreLibraryWith, type SeedCoreResult, type CoreScriptSource } from "./core-library";
