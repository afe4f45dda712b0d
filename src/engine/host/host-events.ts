/** Reading the fields of an event of any ruleset without knowing its type (ruleset-host.ts). */
import type { HostEvent } from "./ruleset-host.ts";

/** The event's string field `name`, or null when it has none. */
export function eventString(event: HostEvent, name: string): string | null {
  const value: unknown = (event as unknown as Record<string, unknown>)[name];
  return typeof value === "string" ? value : null;
}

/** The event's number field `name`, or null when it has none. */
export function eventNumber(event: HostEvent, name: string): number | null {
  const value: unknown = (event as unknown as Record<string, unknown>)[name];
  return typeof value === "number" ? value : null;
}
