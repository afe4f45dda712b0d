// The foundry project: the runtime model plays Foundry v13 (tests/support/foundry-generation.ts).
import { useFoundryGeneration } from "./foundry-generation.ts";

useFoundryGeneration(13);
