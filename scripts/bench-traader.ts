// Where a process's CPU goes by thread (issue 35 item 4, ADR 075), read from /proc/<pid>/task: Node names its
// threads, so the request thread (MainThread), the worker threads of api/arbeid (WorkerThread), V8's helpers
// (V8Worker: garbage collection, compiling) and the rest (libuv's pool, the inspector) can be told apart, each
// as user and system time. A profile's wall-clock samples cannot say this on a loaded machine (ADR 064).
import { readdirSync, readFileSync } from "node:fs";
import { prosessCpuMs } from "./bench-prosesser";

export type Traadtype = "forespørselstråden" | "arbeidertrådene" | "V8-hjelpere (GC, kompilering)" | "annet";

/** CPU of each live thread so far, ms (user, system), by thread id; and the process's total. */
export interface TraadMaaling {
  traader: Map<string, { type: Traadtype; bruker: number; system: number }>;
  totalMs: number;
}

function typeAv(navn: string): Traadtype {
  if (navn === "MainThread" || navn === "node") return "forespørselstråden";
  if (navn === "WorkerThread") return "arbeidertrådene";
  if (navn.startsWith("V8Worker")) return "V8-hjelpere (GC, kompilering)";
  return "annet";
}

export function maalTraader(pid: number): TraadMaaling {
  const traader: TraadMaaling["traader"] = new Map();
  let tider: string[] = [];
  try {
    tider = readdirSync(`/proc/${pid}/task`);
  } catch {
    // gone
  }
  for (const tid of tider) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const navn = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const felt = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      traader.set(tid, { type: typeAv(navn), bruker: Number(felt[11]) * 10, system: Number(felt[12]) * 10 });
    } catch {
      // ended meanwhile
    }
  }
  return { traader, totalMs: prosessCpuMs(pid) };
}

/** Per thread type between two readings, ms per `antall` (user, system); threads gone meanwhile in "annet". */
export function traadFordeling(
  foer: TraadMaaling,
  etter: TraadMaaling,
  antall: number,
): Record<Traadtype, { bruker: number; system: number }> {
  const ut: Record<Traadtype, { bruker: number; system: number }> = {
    forespørselstråden: { bruker: 0, system: 0 },
    arbeidertrådene: { bruker: 0, system: 0 },
    "V8-hjelpere (GC, kompilering)": { bruker: 0, system: 0 },
    annet: { bruker: 0, system: 0 },
  };
  let kjent = 0;
  for (const [tid, t] of etter.traader) {
    const f = foer.traader.get(tid);
    const bruker = t.bruker - (f?.bruker ?? 0);
    const system = t.system - (f?.system ?? 0);
    ut[t.type].bruker += bruker / antall;
    ut[t.type].system += system / antall;
    kjent += bruker + system;
  }
  // threads that ended between the readings: in the process's total, not in a live thread
  ut.annet.bruker += Math.max(0, etter.totalMs - foer.totalMs - kjent) / antall;
  return ut;
}

/** Several processes' distributions added up (two api processes). */
export function summerFordelinger(
  fordelinger: readonly ReturnType<typeof traadFordeling>[],
): ReturnType<typeof traadFordeling> {
  const ut = traadFordeling({ traader: new Map(), totalMs: 0 }, { traader: new Map(), totalMs: 0 }, 1);
  for (const f of fordelinger)
    for (const [type, v] of Object.entries(f) as [Traadtype, { bruker: number; system: number }][]) {
      ut[type].bruker += v.bruker;
      ut[type].system += v.system;
    }
  return ut;
}
