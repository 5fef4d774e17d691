// The certificate API answers one page of goods lines (issue 22 item 4, ADR 018 "Grenser"): sorted over all
// lines, with those lines' assessments, and a summary of all of them; the Excel file has every line.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORG } from "../../dev/demo-data";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import { VARELINJER_PER_SIDE } from "../../domain/varelinjeside";
import {
  importoerId,
  KARI,
  LINJER,
  lagSertifikat,
  type TestSertifikat,
} from "../../tests/support/test-hjelp";
import { startTestApi, type TestApi } from "../../tests/support/test-server";

let api: TestApi;
let drammen: number;
let s: TestSertifikat;
const ANTALL = 120;

beforeAll(async () => {
  api = await startTestApi();
  drammen = await importoerId(api.handle.db, ORG.hagelandDrammen);
  // line i is a tulip when i is odd, a rose otherwise; each from its own country, with the same treatment
  s = await lagSertifikat(api.handle.db, {
    linjer: Array.from({ length: ANTALL }, (_, i) => ({
      ...LINJER.roseplanter,
      navn: `Linje ${i + 1}`,
      botaniskNavn: i % 2 ? "Tulipa" : "Rosa",
      opprinnelsesland: [i < 3 ? ["NL", "DE", "BE"][i]! : "NL"],
      antall: { verdi: 2, enhet: "H87" },
      behandlinger: [{ type: "Heat treatment" }],
    })),
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

async function side(q: Record<string, string> = {}): Promise<SertifikatVisning> {
  const p = new URLSearchParams({
    sertifikatnummer: s.nummer,
    dato: s.utstedtDato,
    avsenderland: "NL",
    ...q,
  });
  const res = await api.fetch(`/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikat?${p}`, { pid: KARI });
  expect(res.status).toBe(200);
  return (await res.json()) as SertifikatVisning;
}

describe("varelinjene på sertifikatsiden", () => {
  it("gir første side, vurderingene for dem og en oppsummering av alle", async () => {
    const v = await side();
    expect(v.varelinjer).toHaveLength(VARELINJER_PER_SIDE);
    expect(v.varelinjer[0]?.navn).toBe("Linje 1");
    expect(v.vurdering.varelinjer.map((l) => String(l.id))).toEqual(
      v.varelinjer.map((l) => String(l.sorteringsnummer)),
    );
    expect(v.varelinjeOppsummering).toMatchObject({
      antall: ANTALL,
      sidenummer: 0,
      antallSider: 3,
      antallElementerPerSide: VARELINJER_PER_SIDE,
      sortering: null,
      opprinnelsesland: ["NL", "DE", "BE"],
      behandlinger: "LIKE",
    });
    expect(v.varelinjeOppsummering?.fellesBehandlinger).toHaveLength(1);
    // the totals are over every line, not the page's
    expect(v.mengdeOppsummering.totaltAntall).toEqual([{ verdi: 2 * ANTALL, enhet: "H87" }]);
  });

  it("gir siste side, og den siste for et sidenummer bak den", async () => {
    const v = await side({ varelinjeside: "2" });
    expect(v.varelinjer.map((l) => l.navn)).toEqual(
      Array.from({ length: ANTALL - 2 * VARELINJER_PER_SIDE }, (_, i) => `Linje ${101 + i}`),
    );
    expect((await side({ varelinjeside: "99" })).varelinjeOppsummering?.sidenummer).toBe(2);
  });

  it("sorterer alle linjene etter botanisk navn før den deler dem i sider", async () => {
    const stigende = await side({ sortering: "ASC" });
    expect(new Set(stigende.varelinjer.map((l) => l.botaniskNavn))).toEqual(new Set(["Rosa"]));
    expect(stigende.varelinjer[0]?.navn).toBe("Linje 1");
    const synkende = await side({ sortering: "DESC", varelinjeside: "0" });
    expect(new Set(synkende.varelinjer.map((l) => l.botaniskNavn))).toEqual(new Set(["Tulipa"]));
    expect(synkende.varelinjeOppsummering?.sortering).toBe("DESC");
  });

  it("har alle linjene i Excel-filen", async () => {
    const p = new URLSearchParams({ sertifikatnummer: s.nummer, dato: s.utstedtDato, avsenderland: "NL" });
    const res = await api.fetch(`/import/v2/${ORG.hagelandDrammen}/${drammen}/sertifikat/excel?${p}`, {
      pid: KARI,
    });
    expect(res.status).toBe(200);
    const bok = new ExcelJS.Workbook();
    await bok.xlsx.load(await res.arrayBuffer());
    const navn = new Set<string>();
    bok.getWorksheet("Varelinjer")?.eachRow((rad) => {
      for (const v of rad.values as unknown[]) if (/^Linje \d+$/.test(String(v))) navn.add(String(v));
    });
    expect(navn.size).toBe(ANTALL);
  }, 60_000);
});
