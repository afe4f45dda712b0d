/**
 * The engine speaks in i18n keys, never in sentences (ARCHITECTURE: "Results carry i18n keys").
 * Every key a piece of engine code can return must exist in `lang/en.json`; a test audits that.
 */
export type I18nKey = `TEMPO.${string}`;

/** A message for a person: a localization key plus the values its template interpolates. */
export interface Message {
  readonly key: I18nKey;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** Whether a stored or templated value is a Message (`{ key, data? }` with a string key). */
export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && "key" in value && typeof value.key === "string";
}

/** A typed engine error. Whatever returned it left its input state unchanged. */
export type EngineError = Message;

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function err<T = never>(key: I18nKey, data?: Readonly<Record<string, string | number>>): Result<T> {
  return data === undefined ? { ok: false, error: { key } } : { ok: false, error: { key, data } };
}

/** Unwraps a result the caller has proven valid; throws (a programming error) otherwise. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`Unexpected engine error: ${result.error.key}`);
  return result.value;
}
