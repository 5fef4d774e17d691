// The worker pool (ADR 018): a worker is kept for the next job instead of started for each (starting one and
// loading the PDF code cost about a second per PDF under load); a job that overruns its time limit stops
// its worker and the next job gets a new one; a job that fails with bad input leaves its worker usable.

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { lagSertifikatXml } from "../../dev/ephyto/generate";
import { UTVIKLINGSSETT } from "../../domain/risiko/regelsett";
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

  it("en arbeider som fikk regelsettet med et ugyldig sertifikat, har det til neste jobb (ADR 046)", async () => {
    // The pool sends a ruleset's content once per worker; the worker must keep it even when the certificate it
    // came with cannot be read (before, the next job found it missing: «Regelsett … mangler i arbeidstråden»).
    const regelsett = { versjon: 1, sha256: randomUUID(), json: JSON.stringify(UTVIKLINGSSETT) };
    await expect(forberedSertifikatIArbeider("<ikke ephyto/>", {}, regelsett)).rejects.toBeInstanceOf(
      EphytoParseError,
    );
    const xml = lagSertifikatXml({
      nummer: `PHYTO.NL.2026.BASSENG${Date.now() % 100_000}`,
      utstedt: "2026-11-20T10:00:00Z",
      utsteder: "NVWA",
      avsender: { navn: "Kwekerij" },
      mottaker: { navn: "Hageland Import AS avd. Drammen", organisasjonsnummer: "912345742" },
      eksportland: "NL",
      varelinjer: [
        { navn: "Rose", botaniskNavn: "Rosa canina", plantedel: "Plants", opprinnelsesland: ["NL"] },
      ],
    });
    const forberedt = await forberedSertifikatIArbeider(xml, {}, regelsett);
    expect(forberedt.kolonner.regelsett_versjon).toBe(1);
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
