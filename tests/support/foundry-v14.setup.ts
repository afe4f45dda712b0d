// The foundry-v14 project: the same files, the runtime model playing Foundry v14 (tests/support/foundry-generation.ts).
import { useFoundryGeneration } from "./foundry-generation.ts";

useFoundryGeneration(14);
