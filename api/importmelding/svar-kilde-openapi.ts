// The OpenAPI description of «Bruk svarene fra IM-…» (issue 36 item 14, ADR 061): the offer and the copy.
import { z } from "zod";
import type { KopiResultat, SvarKilde } from "../../domain/importmelding";
import { kopierSvarBodySkjema } from "../../domain/schemas/importmelding";
import { dekker, feil, importoerSti, json, jsonKropp, type Stier, tidspunkt } from "../openapi/felles";

const TAG = "Forhåndsmeldinger";
const BASE = "/import/importmelding/v2/{orgnr}/{importoerId}";
const medId = importoerSti.extend({
  id: z.string().regex(/^\d+$/).meta({ description: "Forhåndsmeldingens id" }),
});
const tekstEllerNull = z.string().nullable();

const SvarKildeSkjema = dekker<{ kilde: SvarKilde | null }>()(
  z
    .object({
      kilde: z.object({ id: z.number().int(), nummer: z.string(), sendtInn: tidspunkt }).nullable().meta({
        description: "Den siste innsendte forhåndsmeldingen fra samme avsender; null når det ikke er noen",
      }),
    })
    .meta({ id: "SvarKilde" }),
);

const KopiResultatSkjema = dekker<KopiResultat>()(
  z
    .object({
      kilde: z.object({ id: z.number().int(), nummer: z.string() }),
      endringer: z.array(z.object({ felt: z.string(), fra: tekstEllerNull, til: tekstEllerNull })),
      kontrolloerIkkeKopiert: tekstEllerNull,
    })
    .meta({ id: "KopiResultat" }),
);

export const svarKildeStier: Stier = {
  [`${BASE}/{id}/svarkilde`]: {
    get: {
      tags: [TAG],
      summary: "Forhåndsmeldingen et utkast kan hente svarene fra",
      description:
        "Importørens sist endrede innsendte (ikke tilbaketrukne) forhåndsmelding for et sertifikat fra samme avsender, som den som spør, kan lese. Bare for utkast; ellers `null`.",
      requestParams: { path: medId },
      responses: { "200": json("Kilden, eller null", SvarKildeSkjema), ...feil(403, 404) },
    },
  },
  [`${BASE}/{id}/kopier-svar`]: {
    post: {
      tags: [TAG],
      summary: "Bruk svarene fra en tidligere forhåndsmelding",
      description:
        "Kopierer innmelder, kontrolladresse, mottakskontrollør (hvis den fortsatt kan velges) og svarene «ikke krav» i dokumentkontrollen fra en innsendt forhåndsmelding for samme importør inn i utkastet, i én transaksjon. Ankomsttid, egen referanse og svar som avhenger av sertifikatet kopieres aldri. Historikken får hendelsen `SVAR_KOPIERT`.",
      requestParams: { path: medId },
      requestBody: jsonKropp(kopierSvarBodySkjema),
      responses: { "200": json("Hva som ble kopiert", KopiResultatSkjema), ...feil(400, 403, 404, 409) },
    },
  },
};
