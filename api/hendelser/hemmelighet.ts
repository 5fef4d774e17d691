// The webhook secrets (docs/decisions/036-hendelser-og-webhooker.md): a Standard Webhooks symmetric secret
// (`whsec_` + base64 of 32 random bytes), shown once when the subscription is made, and stored only
// encrypted (AES-256-GCM with a key derived from WEBHOOK_NOEKKEL), so a copy of the database alone cannot
// sign a webhook. The `sender` role decrypts it to sign each delivery.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** The development WEBHOOK_NOEKKEL (production refuses it, server/config.ts). */
export const UTVIKLINGSNOEKKEL = "dev-webhook-noekkel-ikke-for-produksjon";

/** A new secret in the Standard Webhooks form. */
export function nyHemmelighet(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

const noekkel = (hemmelig: string) => createHash("sha256").update(`webhook-noekkel:${hemmelig}`).digest();

export function krypterHemmelighet(hemmelighet: string, webhookNoekkel: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", noekkel(webhookNoekkel), iv);
  const kryptert = Buffer.concat([c.update(hemmelighet, "utf8"), c.final()]);
  return ["v1", iv, c.getAuthTag(), kryptert]
    .map((d) => (typeof d === "string" ? d : d.toString("base64")))
    .join(".");
}

/** Throws when the stored value was not encrypted with this key (a changed WEBHOOK_NOEKKEL). */
export function dekrypterHemmelighet(lagret: string, webhookNoekkel: string): string {
  const [versjon, iv, tag, kryptert] = lagret.split(".");
  if (versjon !== "v1" || !iv || !tag || !kryptert) throw new Error("Ukjent format på webhook-hemmeligheten");
  const d = createDecipheriv("aes-256-gcm", noekkel(webhookNoekkel), Buffer.from(iv, "base64"));
  d.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([d.update(Buffer.from(kryptert, "base64")), d.final()]).toString("utf8");
}
