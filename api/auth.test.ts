import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestUtsteder, type TestUtsteder } from "../tests/oidc/test-utsteder";
import { createTokenVerifier } from "./auth";

const AUD = "forhaandsmelding-import-api";
const PID = "26849612378";

describe("import-API-ets tokensjekk mot utstederen slik den er oppdaget", () => {
  let idp: TestUtsteder;
  beforeAll(async () => {
    idp = await startTestUtsteder({ skraastrek: true });
  });
  afterAll(() => idp.close());

  it("godtar tokens med iss som ender på skråstrek, om oppsettet har skråstreken eller ikke", async () => {
    const token = await idp.signer({ aud: AUD, pid: PID });
    for (const issuer of [idp.issuer, idp.base]) {
      const verifiser = createTokenVerifier({ issuer, audience: AUD });
      expect(await verifiser(token)).toEqual({ pid: PID });
    }
  });

  it("avviser feil utsteder, feil mottaker, utløpte tokens og fremmede nøkler", async () => {
    const verifiser = createTokenVerifier({ issuer: idp.base, audience: AUD });
    await expect(verifiser(await idp.signer({ aud: AUD, pid: PID, iss: idp.base }))).rejects.toThrow(/iss/);
    await expect(verifiser(await idp.signer({ aud: "annen", pid: PID }))).rejects.toThrow(/aud/);
    await expect(
      verifiser(await idp.signer({ aud: AUD, pid: PID }, { utloeper: Math.floor(Date.now() / 1000) - 60 })),
    ).rejects.toThrow(/exp/);
    await expect(
      verifiser(await idp.signer({ aud: AUD, pid: PID }, { nokkel: await idp.fremmedNokkel() })),
    ).rejects.toThrow(/signature/);
    await expect(verifiser(await idp.signer({ aud: AUD }))).rejects.toThrow(/pid/);
  });

  it("avviser alt når discovery oppgir en annen utsteder enn den som er satt opp", async () => {
    const annen = await startTestUtsteder();
    annen.discovery = { issuer: "https://en-annen.example" };
    try {
      const verifiser = createTokenVerifier({ issuer: annen.issuer, audience: AUD });
      await expect(verifiser(await annen.signer({ aud: AUD, pid: PID }))).rejects.toThrow(/annen utsteder/);
    } finally {
      await annen.close();
    }
  });
});
