// A certificate as the certificate page's API call (GET …/sertifikat) answers it, for page tests against the
// fake import API: the Hub's sample delivery put together by the API's own code (api/sertifikat/sammensetning.ts),
// creatable by the test's organisation alone.
import { settSammen } from "../../api/sertifikat/sammensetning";
import type { SertifikatVisning } from "../../domain/sertifikat-visning";
import type { Sprak } from "../../sprak/sprak";
import { hubEksempel, vurder } from "../support/dokument-testdata";
import { TEST_AVGIVER } from "./side";

export function testSertifikatVisning(
  sprak: Sprak = "nb",
  endringer: Partial<SertifikatVisning> = {},
): SertifikatVisning {
  const data = hubEksempel();
  const s = settSammen(
    {
      nummer: data.nummer,
      data: JSON.stringify(data),
      vurdering: JSON.stringify(vurder(data)),
      sprak,
      ramme: {
        id: 1,
        // as the API gives it: bokmål, for the API's readers (the page names the code in the reader's language)
        statusTekst: "Utstedt",
        meldepliktigVurdering: { kode: "MELDEPLIKTIG", visningstekst: "Meldepliktig" },
        alvorlighetsgrad: "ALT_OK",
        mottatt: "2026-11-20T10:00:00.000Z",
        statusSistEndret: "2026-11-20T10:00:00.000Z",
        vedlegg: [],
        erPapirloest: true,
        erForGammel: false,
        importMeldingId: null,
        importMeldingStatus: null,
        kanEndreImportmelding: false,
        kanOppretteImportmelding: true,
        harLestRegelverk: false,
        annenForhaandsmelding: null,
        kandidatImportoerer: [
          {
            id: TEST_AVGIVER.importoerId,
            navn: TEST_AVGIVER.navn,
            organisasjonsnummer: TEST_AVGIVER.organisasjonsnummer,
            paaSertifikatet: true,
            harLestRegelverk: false,
          },
        ],
      },
    },
    { side: 0, sortering: null },
  );
  return { ...s, ...endringer };
}
