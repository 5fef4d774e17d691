// The intake bench's summary over rounds (ADR 084): median and spread per configuration, from the rounds as run.
import { describe, expect, it } from "vitest";
import { formaterRunder } from "./bench-innlesing-runder";

const traader = (f: number) => ({
  forespørselstråden: { bruker: 2 * f, system: 0.3 },
  arbeidertrådene: { bruker: 2, system: 0.1 },
  "V8-hjelpere (GC, kompilering)": { bruker: 0.7, system: 0 },
  annet: { bruker: 0, system: 0 },
});
const runde = (prosesser: number, perSekund: number, apiCpuMs: number, pgCpuMs: number | undefined) => ({
  prosesser,
  perSekund,
  apiCpuMs,
  pgCpuMs,
  traader: traader(apiCpuMs / 5),
  venting: { proever: 50, aktive: 1, laas: prosesser * 3, iTransaksjon: 2 },
});

describe("formaterRunder", () => {
  it("gives each configuration's median and lowest–highest, alternated rounds grouped", () => {
    const ut = formaterRunder(
      [
        runde(1, 300, 5, 3),
        runde(2, 200, 6, 3),
        runde(1, 360, 4, 2),
        runde(2, 240, 7, 4),
        runde(1, 330, 4.5, 2.5),
        runde(2, 220, 6.5, 3.5),
      ],
      350,
    );
    const linjer = ut.split("\n");
    const en = linjer.find((l) => l.startsWith("1 "))!;
    const to = linjer.find((l) => l.startsWith("2 "))!;
    expect(en).toContain("330 (300–360)");
    expect(en).toContain("1 av 3");
    expect(en).toContain("4.50 (4.00–5.00)");
    expect(en).toContain("2.50 (2.00–3.00)");
    expect(en).toContain("7.00 (6.00–8.00)");
    expect(en).toContain("1.0 / 3.0 / 2.0");
    expect(to).toContain("220 (200–240)");
    expect(to).toContain("0 av 3");
    expect(to).toContain("6.50 (6.00–7.00)");
    expect(to).toContain("1.0 / 6.0 / 2.0");
    // by thread: the medians of the rounds (request thread 2 × 4.5 / 5 = 1.80 for one process)
    expect(linjer.filter((l) => l.startsWith("1 ")).at(-1)).toContain("1.80 + 0.30");
  });

  it("takes the median of an even number of rounds as the mean of the middle two, and a dash without values", () => {
    const ut = formaterRunder([runde(1, 100, 4, undefined), runde(1, 200, 6, undefined)], 350);
    const en = ut.split("\n").find((l) => l.startsWith("1 "))!;
    expect(en.split(/ {2,}/)).toEqual([
      "1",
      "2",
      "150 (100–200)",
      "0 av 2",
      "5.00 (4.00–6.00)",
      "–",
      "–",
      "1.0 / 3.0 / 2.0",
    ]);
  });
});
