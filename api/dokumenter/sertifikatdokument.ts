// The certificate page's documents (PDF, Excel) from the certificate as read, with every goods line (the page
// shows one page of them). Runs in the worker thread (ADR 018): the JSON text is parsed here.

import type { Sprak } from "../../sprak/sprak";
import { settSammen } from "../sertifikat/sammensetning";
import type { SertifikatTekst } from "../sertifikat/tekst";
import { lagSertifikatExcel } from "./sertifikat-excel";
import { lagSertifikatPdf } from "./sertifikat-pdf";

export async function lagSertifikatdokument(
  format: "pdf" | "excel",
  tekst: SertifikatTekst,
  sprak: Sprak = "nb",
): Promise<Buffer> {
  const s = settSammen(tekst);
  const { vurdering, vedlegg, erstattetAvSertifikat, meldepliktigVurdering } = s;
  const sertifikat = { ...s, vedlegg: [] };
  return format === "pdf"
    ? lagSertifikatPdf({
        sertifikat,
        vurdering,
        meldepliktigVurdering: meldepliktigVurdering.kode,
        erstattetAv: erstattetAvSertifikat ? { nummer: erstattetAvSertifikat.nummer } : undefined,
        vedlegg,
        sprak,
      })
    : lagSertifikatExcel({ sertifikat, vurdering, sprak });
}
