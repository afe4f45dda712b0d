// Every project: vitest's deep equality with a fast first look at plain data (tests/support/plain-equality.ts).
import { usePlainEquality } from "./plain-equality.ts";

usePlainEquality();
