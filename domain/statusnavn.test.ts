import { describe, expect, it } from "vitest";
import { oversetter } from "../sprak/katalog.server";
import { sertifikatstatusNavn, statusNavn } from "./statusnavn";

const [nb, nn, en] = (["nb", "nn", "en"] as const).map((s) => oversetter(s));

describe("statusnavn på leserens språk", () => {
  it("en forhåndsmeldings status, også vurdert før ankomst", () => {
    const m = { status: "TILBAKETRUKKET" as const };
    expect([nb, nn, en].map((t) => statusNavn(t!, m))).toEqual([
      "Tilbaketrukket",
      "Trekt tilbake",
      "Withdrawn",
    ]);
    const foer = { status: "DELVIS_AVVIST" as const, vurdertFoerAnkomst: true };
    expect(statusNavn(en!, foer)).toBe("Partially rejected before arrival");
  });

  it("sertifikatets statuskode, med innledende nuller; en ukjent kode som den er, ingen kode: ingenting", () => {
    expect([nb, nn, en].map((t) => sertifikatstatusNavn(t!, "70"))).toEqual(["Utstedt", "Utferda", "Issued"]);
    expect(sertifikatstatusNavn(en!, " 040 ")).toBe("Withdrawn");
    expect(sertifikatstatusNavn(nn!, 39)).toBe("Godkjent");
    expect(sertifikatstatusNavn(en!, "99")).toBe("99");
    expect(sertifikatstatusNavn(en!, "")).toBeUndefined();
    expect(sertifikatstatusNavn(en!, null)).toBeUndefined();
  });
});
