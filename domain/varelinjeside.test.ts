// One page of goods lines for the certificate page (ADR 018 "Store sertifikater på siden"), also when the
// import API answers every line (SPEC §7 does not page them): the app pages the answer itself.
import { describe, expect, it } from "vitest";
import { oversetter } from "../sprak/katalog.server";
import { syntetiskSertifikat, vurder } from "../tests/support/dokument-testdata";
import { medVarelinjeside, VARELINJER_PER_SIDE } from "./varelinjeside";

const NB = oversetter("nb");

describe("medVarelinjeside", () => {
  const s = syntetiskSertifikat(120);
  const hele = { ...s, vurdering: vurder(s) };

  it("sider et svar med alle linjene, og oppsummerer alle", () => {
    const v = medVarelinjeside(NB, hele, 2, null);
    expect(v.varelinjer).toHaveLength(120 - 2 * VARELINJER_PER_SIDE);
    expect(v.varelinjer[0]).toEqual(s.varelinjer[2 * VARELINJER_PER_SIDE]);
    expect(v.vurdering.varelinjer.map((l) => String(l.id))).toEqual(
      v.varelinjer.map((l) => String(l.sorteringsnummer)),
    );
    expect(v.varelinjeOppsummering).toMatchObject({ antall: 120, sidenummer: 2, antallSider: 3 });
  });

  it("lar et svar som allerede er sidet, være", () => {
    const sidet = medVarelinjeside(NB, hele, 0, null);
    expect(medVarelinjeside(NB, sidet, 2, "DESC")).toEqual(sidet);
  });
});
