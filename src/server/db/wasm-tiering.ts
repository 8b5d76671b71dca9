// When V8 optimizes a function of PostgreSQL's WebAssembly. Its default (after ~1.8 MB of a
// function's code run on Node 20) optimized what a start runs once, recovery and catalog loads,
// on a second core: a restart of the service took 1.4 s of CPU and 0.87 s where it takes 1.05 s and
// 0.74 s this way. What requests run stays hot, and is optimized after a few thousand queries as
// before (bench numbers in docs/architecture.md). Set before the first PGlite compiles its module.
import { setFlagsFromString } from 'node:v8';

const TIERING_BUDGET = 100_000_000;

export function delayWasmOptimization(): void {
  setFlagsFromString(`--wasm-tiering-budget=${TIERING_BUDGET}`);
}
