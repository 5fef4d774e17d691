// The worker pool (ADR 018): a worker is kept for the next job instead of started for each (starting one and
// loading the PDF code cost about a second per PDF under load); a job that overruns its time limit stops
// its worker and the next job gets a new one; a job that fails with bad input leaves its worker usable.
import { describe, expect, it } from "vitest";
import { syntetiskSertifikat, vurder } from "../../tests/support/dokument-testdata";
import { EphytoParseError } from "../ephyto/parse";
import { forberedSertifikatIArbeider } from "../sertifikat/ingest";
import { arbeiderStatus, kjoerJobb } from "./basseng";
import { ArbeidFeil } from "./feil";
import { lagSertifikatPdfIArbeider } from "./i-arbeider";

const pdf = (linjer = 3) => {
  const sertifikat = syntetiskSertifikat(linjer);
  return { sertifikat, vurdering: vurder(sertifikat) };
};

describe("arbeiderbassenget", () => {
  it("bruker samme arbeider for jobb etter jobb, også etter en jobb med ugyldig innhold", async () => {
    await lagSertifikatPdfIArbeider(pdf());
    const foer = arbeiderStatus();
    expect(foer.ledige).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i++) {
      const b = await lagSertifikatPdfIArbeider(pdf());
      expect(b.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
    await expect(forberedSertifikatIArbeider("<ikke ephyto/>")).rejects.toBeInstanceOf(EphytoParseError);
    await lagSertifikatPdfIArbeider(pdf());
    expect(arbeiderStatus().startet).toBe(foer.startet);
  }, 60_000);

  it("stopper en arbeider som går over tidsgrensen, og neste jobb får en ny", async () => {
    await lagSertifikatPdfIArbeider(pdf());
    const foer = arbeiderStatus();
    await expect(kjoerJobb("pdf", pdf(3000), { bane: "dokument", tidsgrenseMs: 5 })).rejects.toBeInstanceOf(
      ArbeidFeil,
    );
    expect(arbeiderStatus().ledige).toBe(foer.ledige - 1);
    const b = await lagSertifikatPdfIArbeider(pdf());
    expect(b.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(arbeiderStatus().startet).toBe(foer.startet + 1);
  }, 60_000);
});
