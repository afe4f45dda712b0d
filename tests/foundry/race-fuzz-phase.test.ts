// Race fuzz of the phase ruleset (issue 17): tests/support/race/fuzz-suite.ts.
import { raceFuzzSuite } from "../support/race/fuzz-suite.ts";

await raceFuzzSuite("phase");
