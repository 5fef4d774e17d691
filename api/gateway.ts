// The authorisation-service side of the gateway (SPEC §7 "Session and config"): which entities the
// logged-in person may act for, and the person's contact info.
import { Router } from "express";
import type { Db } from "../db";
import type { AuthedRequest } from "./auth";
import { ah } from "./http";

export interface AvgiverDto {
  altinn: {
    type: "Bedrift" | "Foretak" | "Person";
    organisasjonsnummer: string | null;
    hovedenhet: string | null;
    navn: string;
    organisasjonsform: string | null;
    personnummer: string | null;
  };
  brreg: {
    adresse: { adresselinje?: string[]; postnummer?: string; poststed?: string; land?: string } | null;
  };
}

export interface Features {
  visImportmelding: boolean;
  visRisikovurdering: boolean;
}

export function gatewayRouter(db: Db, features: Features): Router {
  const router = Router();

  // Behind the token check: a valid token is the session (SPEC §7).
  router.get("/gateway/auth/session", (_req, res) => {
    res.json({ autentisert: true });
  });

  router.get("/gateway/config/features", (_req, res) => {
    res.json({
      visImportmelding: features.visImportmelding,
      visRisikovurdering: features.visRisikovurdering,
    });
  });

  router.get(
    "/gateway/auth/avgiver",
    ah(async (req, res) => {
      const { pid } = (req as AuthedRequest).innlogget;
      const rader = await db
        .selectFrom("delegering")
        .innerJoin("enhet", "enhet.id", "delegering.enhet_id")
        .select([
          "enhet.type",
          "enhet.organisasjonsnummer",
          "enhet.hovedenhet",
          "enhet.navn",
          "enhet.organisasjonsform",
          "enhet.personnummer",
          "enhet.adresse",
        ])
        .where("delegering.pid", "=", pid)
        .orderBy("enhet.navn")
        .execute();
      const liste: AvgiverDto[] = rader.map((r) => ({
        altinn: {
          type: r.type,
          organisasjonsnummer: r.organisasjonsnummer,
          hovedenhet: r.hovedenhet,
          navn: r.navn,
          organisasjonsform: r.organisasjonsform,
          personnummer: r.personnummer,
        },
        brreg: { adresse: r.adresse },
      }));
      res.json(liste);
    }),
  );

  router.get(
    "/gateway/auth/session/brukerInfo",
    ah(async (req, res) => {
      const { pid } = (req as AuthedRequest).innlogget;
      const person = await db
        .selectFrom("person")
        .select(["navn", "telefonnummer"])
        .where("pid", "=", pid)
        .executeTakeFirst();
      res.json({ navn: person?.navn ?? null, telefonnummer: person?.telefonnummer ?? null });
    }),
  );

  return router;
}
