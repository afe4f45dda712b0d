/**
 * Strict namespaces: the runtime model's `foundry.*` objects throw when code reads a member the model
 * does not have, naming its path, so a test can never pass because a missing piece of Foundry quietly
 * returned `undefined` (pf2e's "stubs that throw" idea). A modelling rule, not a claim about core.
 */

/** Property reads the test runner itself makes while printing or awaiting a value. */
const INTROSPECTION = new Set([
  "then",
  "toJSON",
  "asymmetricMatch",
  "$$typeof",
  "nodeType",
  "@@__IMMUTABLE_ITERABLE__@@",
]);

/** Wraps `target` so that reading any property it does not have throws, naming the path. */
export function strict<T extends object>(target: T, path: string): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === "symbol" || property in object || INTROSPECTION.has(property)) {
        return Reflect.get(object, property, receiver);
      }
      throw new Error(`Runtime model: ${path}.${property} is not modelled`);
    },
  });
}
