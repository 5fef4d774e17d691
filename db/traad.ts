// Starting a worker thread from a .ts file or its compiled .js (ADR 018). Under tsx (npm run dev, scripts)
// and vitest the worker file is TypeScript: a small bootstrap registers tsx's loader in the worker and then
// imports the file, so it runs the same whether the parent got tsx through execArgv (tsx) or not (vitest's
// forks). The compiled service (build/drift/, scripts/bygg-drift.mjs) has the .js beside the calling chunk and
// runs it as it is.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/** The worker file `navn` (without extension) beside the module at `fra` (its import.meta.url). */
export function traadFil(fra: string, navn: string): URL {
  return new URL(fra.endsWith(".ts") ? `./${navn}.ts` : `./${navn}.js`, fra);
}

// tsx/esm/api resolves to its CommonJS file through require; the ES module sits beside it. Resolved only for
// a .ts worker: the compiled service runs without tsx installed.
const tsxApi = () =>
  pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;

export function startTraad(fil: URL, opts: Omit<WorkerOptions, "eval"> = {}): Worker {
  return fil.pathname.endsWith(".ts")
    ? new Worker(
        `import(${JSON.stringify(tsxApi())}).then((m) => { m.register(); return import(${JSON.stringify(fil.href)}); })`,
        { ...opts, eval: true },
      )
    : new Worker(fil, opts);
}
