// The authorisation-service side of the gateway (SPEC §7 "Session and config"): which entities the
// logged-in person may act for (Altinn, asked afresh on every call: the web app calls it at login and on
// «Velg virksomhet»), with the register's data for each organisation (Enhetsregisteret, our copy), and the
// person's name and phone (docs/decisions/042-altinn-og-enhetsregisteret.md).

import { Router } from "express";
import { sql } from "kysely";
import type { Db } from "../db";
import type { AuthedRequest } from "./auth";
import { ah } from "./http/kall";
import { RegisterUtilgjengelig } from "./registre/motstand";

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
      const { pid, tilgang, maskin } = (req as AuthedRequest).innlogget;
      // A system acts for its own organisation only, and is nobody in Altinn.
      if (maskin) {
        res.json([]);
        return;
      }
      await tilgang.oppfrisk(pid);
      const rader = await db
        .selectFrom("altinn_avgiver as a")
        .leftJoin("enhet as e", "e.organisasjonsnummer", "a.organisasjonsnummer")
        .select([
          "a.type",
          "a.organisasjonsnummer",
          sql<string | null>`coalesce(e.overordnet, a.hovedenhet)`.as("hovedenhet"),
          sql<string>`coalesce(e.navn, a.navn)`.as("navn"),
          sql<string | null>`coalesce(e.organisasjonsform, a.organisasjonsform)`.as("organisasjonsform"),
          "e.adresse",
        ])
        .where("a.pid", "=", pid)
        .orderBy(sql`coalesce(e.navn, a.navn)`)
        .orderBy("a.nr")
        .execute();
      const liste: AvgiverDto[] = rader.map((r) => ({
        altinn: {
          type: r.type,
          organisasjonsnummer: r.organisasjonsnummer,
          hovedenhet: r.hovedenhet,
          navn: r.navn,
          organisasjonsform: r.organisasjonsform,
          // The national identity number stays between the service and Altinn (ADR 042).
          personnummer: null,
        },
        brreg: { adresse: r.adresse ?? null },
      }));
      res.json(liste);
    }),
  );

  router.get(
    "/gateway/auth/session/brukerInfo",
    ah(async (req, res) => {
      const { pid, tilgang, maskin } = (req as AuthedRequest).innlogget;
      // The name comes with Altinn's answer; when Altinn cannot answer, the name we have is good enough here.
      if (!maskin)
        await tilgang.sikre(pid).catch((e) => {
          if (!(e instanceof RegisterUtilgjengelig)) throw e;
        });
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
