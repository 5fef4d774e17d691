// Sums a Playwright JSON report of an E2E_MAALING=1 run per spec file (ADR 068): tests, the sum of their
// durations, page loads, single-fetch data requests, logins through the development ID-porten and the time
// in sjekkUu. Usage: node scripts/e2e-maaling.mjs rapport.json [flere.json …]
import { readFileSync } from "node:fs";

const perFil = new Map();
const sum = (fil) => {
  if (!perFil.has(fil))
    perFil.set(fil, { tester: 0, ms: 0, sidelastinger: 0, data: 0, innlogginger: 0, uuMs: 0, feil: 0 });
  return perFil.get(fil);
};
function gaa(suite) {
  for (const s of suite.suites ?? []) gaa(s);
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      for (const r of t.results) {
        const rad = sum(spec.file);
        rad.tester++;
        rad.ms += r.duration;
        if (r.status !== "passed" && r.status !== "skipped") rad.feil++;
        const maal = [...(r.annotations ?? []), ...(t.annotations ?? [])].find((a) => a.type === "maaling");
        if (!maal) continue;
        const m = JSON.parse(maal.description);
        for (const k of ["sidelastinger", "data", "innlogginger", "uuMs"]) rad[k] += m[k];
      }
    }
  }
}
for (const fil of process.argv.slice(2)) for (const s of JSON.parse(readFileSync(fil, "utf8")).suites) gaa(s);
const rader = [...perFil.entries()].sort((a, b) => b[1].ms - a[1].ms);
const total = { tester: 0, ms: 0, sidelastinger: 0, data: 0, innlogginger: 0, uuMs: 0, feil: 0 };
console.log("| spec | tester | sum s | sidelastinger | .data | innlogginger | axe s | feil |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const [fil, r] of [...rader, ["SUM", total]]) {
  if (fil !== "SUM") for (const k of Object.keys(total)) total[k] += r[k];
  const s = (ms) => (ms / 1000).toFixed(1);
  console.log(
    `| ${fil} | ${r.tester} | ${s(r.ms)} | ${r.sidelastinger} | ${r.data} | ${r.innlogginger} | ${s(r.uuMs)} | ${r.feil} |`,
  );
}
