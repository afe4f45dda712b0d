/**
 * Issue 17: a value every combatant of one pass would otherwise find again (a world setting, the
 * combat's side groups), found once per pass that prepares a combat's combatants (combat-model.ts
 * `combatantPass`) and kept under that pass's object, so a later pass finds it anew and a WeakMap lets
 * a finished pass go. Without a pass (a combatant prepared alone, by its own update) it is found each time.
 */
export type PassMemo<T> = (pass: object | null, find: () => T) => T;

/** A memo of one value per combatant pass; `find` runs once for each pass object. */
export function perPass<T>(): PassMemo<T> {
  // Boxed, so that a value found as `undefined` is kept too.
  const found = new WeakMap<object, { readonly value: T }>();
  return (pass, find) => {
    if (pass === null) return find();
    let box = found.get(pass);
    if (box === undefined) found.set(pass, (box = { value: find() }));
    return box.value;
  };
}
