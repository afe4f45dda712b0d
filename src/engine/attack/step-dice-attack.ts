// PHS-8 step-dice attacks (owned by the dice helper). Filled in by that work.
export {};
