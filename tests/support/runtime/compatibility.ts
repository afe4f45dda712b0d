/**
 * Core's compatibility warnings, as the runtime model plays them: a deprecated API the model keeps for
 * v13 code (the roll-mode names in v14, "-=key" deletions in v14, v13's context-menu entry shape in
 * v14) calls `logCompatibilityWarning`, which answers to `CONFIG.compatibility.mode`.
 *
 * Sources: `CONST.COMPATIBILITY_MODES = {SILENT: 0, WARNING: 1, ERROR: 2, FAILURE: 3}` ("Configure the
 * severity of compatibility warnings", https://foundryvtt.com/api/v14/variables/CONST.COMPATIBILITY_MODES.html,
 * the same in v13); `CONFIG.compatibility = {mode, includePatterns, excludePatterns}`, "Exclusion rules take
 * precedence over inclusion rules" (https://foundryvtt.com/api/v14/variables/CONFIG.compatibility.html);
 * `foundry.utils.logCompatibilityWarning(message, {mode, since, until, details, stack, once})`, "filtered
 * based on the client's defined compatibility settings", mode "overrides the configured default", throws
 * "an Error if the mode is ERROR" (https://foundryvtt.com/api/v14/functions/foundry.utils.logCompatibilityWarning.html).
 *
 * Modelling choices (not claims about core): the patterns are matched against the message only (core
 * also matches file paths, which the model has none of); a warning is written to the runtime's
 * `deprecations` ledger instead of the console, so a test can fail on any (vitest.config.ts: the foundry
 * layer's setup fails a test that leaves one there); FAILURE throws as ERROR does.
 */
import { currentClient } from "./context.ts";

export const COMPATIBILITY_MODES = Object.freeze({ SILENT: 0, WARNING: 1, ERROR: 2, FAILURE: 3 });

export interface CompatibilityConfig {
  mode: number;
  includePatterns: RegExp[];
  excludePatterns: RegExp[];
}

export interface CompatibilityOptions {
  readonly mode?: number;
  readonly since?: number | string;
  readonly until?: number | string;
  readonly details?: string;
}

export interface Deprecation {
  readonly client: string;
  readonly message: string;
  readonly since?: number | string;
  readonly until?: number | string;
}

/**
 * A world's compatibility setting: ERROR, the mode issue 20 asks Tempo to pass in ("with
 * `CONFIG.compatibility.mode` set to fail on deprecations, nothing Tempo calls is deprecated").
 */
export function compatibilityConfig(): CompatibilityConfig {
  return { mode: COMPATIBILITY_MODES.ERROR, includePatterns: [], excludePatterns: [] };
}

/** Where the warnings of the running world go (runtime.ts points it at its own ledger). */
export const deprecationLedger: { entries: Deprecation[] } = { entries: [] };

function configOf(config: unknown): CompatibilityConfig | null {
  if (typeof config !== "object" || config === null) return null;
  const found: unknown = Reflect.get(config, "compatibility");
  return typeof found === "object" && found !== null ? (found as CompatibilityConfig) : null;
}

/** `foundry.utils.logCompatibilityWarning` on the running client (see the file comment). */
export function logCompatibilityWarning(message: string, options: CompatibilityOptions = {}): void {
  const client = currentClient();
  const config = configOf(client.CONFIG);
  const mode = options.mode ?? config?.mode ?? COMPATIBILITY_MODES.WARNING;
  if (mode === COMPATIBILITY_MODES.SILENT) return;
  if (config !== null) {
    if (config.excludePatterns.some((rx) => rx.test(message))) return;
    if (config.includePatterns.length > 0 && !config.includePatterns.some((rx) => rx.test(message))) return;
  }
  const entry: Deprecation = { client: client.id, message, since: options.since, until: options.until };
  deprecationLedger.entries.push(entry);
  if (mode >= COMPATIBILITY_MODES.ERROR) throw new Error(`Deprecation: ${message}`);
}
