// The shell's messages as an immutable file per language (ADR 069): the root loader sends only a reference,
// the file is served under a name that changes with its content, and the server renders from the same
// messages in memory. The request's cookies are read once (issue 35 item 2).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { expect, it } from "vitest";
import { fellestekster, fellesUrl } from "../components/fellestekster";
import { teksterFraMatches } from "../components/sprak";
import { loader as filLoader } from "../routes/tekster.$fil";
import { lesCookie } from "./preferanser.server";
import { RUTETEKSTER } from "./rutetekster.server";
import {
  fellesfil,
  fellesRef,
  rutefiler,
  ruteTekster,
  tekster,
  teksterForSprak,
  teksterfilForNavn,
  tekstlenker,
} from "./tekster.server";

const hent = (fil: string) =>
  filLoader({
    params: { fil },
    request: new Request(`http://x/tekster/${fil}`),
  } as unknown as LoaderFunctionArgs);

const hash = (ref: { fil: string }) => ref.fil.split(".").pop();

it("filen per språk har innholdets hash i navnet og er det tjeneren rendrer med", async () => {
  const nb = fellesfil("nb");
  const nn = fellesfil("nn");
  expect(nb.ref.fil).toMatch(/^felles\.nb\.[\w-]{12}$/);
  expect(nn.ref.fil).toMatch(/^felles\.nn\.[\w-]{12}$/);
  expect(hash(nn.ref)).not.toBe(hash(nb.ref));
  // the shell's file also names each route's file (ADR 080)
  const nbFil = { ...teksterForSprak("nb", ["felles"]), filer: rutefiler("nb") };
  expect(JSON.parse(nb.json)).toEqual(nbFil);
  // the server renders from the same object the loader refers to (one translator per request, ADR 062)
  expect(fellestekster(nb.ref)).toBe(teksterForSprak("nb", ["felles"]));
  expect(teksterFraMatches([{ data: { tekster: nn.ref } }, { data: { tekster: nb.ref } }])).toEqual([
    teksterForSprak("nn", ["felles"]),
    teksterForSprak("nb", ["felles"]),
  ]);

  const svar = await hent(fellesUrl(nb.ref).split("/").pop()!);
  expect(svar.status).toBe(200);
  expect(svar.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(svar.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(await svar.json()).toEqual(nbFil);

  // another hash (a page of an earlier deploy): this build's texts, not cached
  const annen = await hent(`felles.nb.${hash(nn.ref)}.json`);
  expect(annen.status).toBe(200);
  expect(annen.headers.get("Cache-Control")).toBe("no-cache");
  expect(await annen.json()).toEqual(nbFil);
  expect((await hent(`felles.xx.${hash(nb.ref)}.json`)).status).toBe(404);
  expect((await hent("felles.nb.json")).status).toBe(404);
});

it("rotens loaderdata bærer bare språket og hashen, ikke meldingene", async () => {
  const request = new Request("http://x/", { headers: { "Accept-Language": "en" } });
  const ref = await fellesRef(request);
  expect(ref).toEqual({ tekster: fellesfil("en").ref });
  expect(JSON.stringify(ref).length).toBeLessThan(60);
});

it("en informasjonskapsel leses én gang per forespørsel", async () => {
  const request = new Request("http://x/", { headers: { Cookie: "meny=ImFhcGVuIg%3D%3D" } });
  const foerste = lesCookie(request, "meny");
  expect(lesCookie(request, "meny")).toBe(foerste);
  expect(await foerste).toBe("aapen");
  expect(await lesCookie(new Request("http://x/"), "meny")).toBeNull();
});

it("en rutes meldinger er en fil på samme måte, og loaderdataene bærer bare navnet (ADR 080)", async () => {
  const request = new Request("http://x/", { headers: { "Accept-Language": "nn" } });
  const { tekster: ref } = await tekster(request, "sertifikat", "validering");
  expect(ref.fil).toMatch(/^sertifikat\+validering\.nn\.[\w-]{12}$/);
  expect(JSON.stringify(ref).length).toBeLessThan(60);
  // the server renders from the object the reference names, shared by every request (ADR 062)
  expect(fellestekster(ref)).toBe(teksterForSprak("nn", ["sertifikat", "validering"]));
  expect(teksterFraMatches([{ data: { tekster: ref } }])[0]).toBe(
    teksterForSprak("nn", ["sertifikat", "validering"]),
  );

  const svar = await hent(fellesUrl(ref).split("/").pop()!);
  expect(svar.status).toBe(200);
  expect(svar.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(await svar.json()).toEqual(teksterForSprak("nn", ["sertifikat", "validering"]));

  // a set this process has not made (another build's page): its texts, not cached, and not kept
  const annet = await hent("forside+hjelp.en.AAAAAAAAAAAA.json");
  expect(annet.status).toBe(200);
  expect(annet.headers.get("Cache-Control")).toBe("no-cache");
  expect(await annet.json()).toEqual(teksterForSprak("en", ["forside", "hjelp"]));
  expect(teksterfilForNavn("en", ["forside", "hjelp"]).ref).toBeUndefined();
  // no unknown namespace, none twice
  expect((await hent(`sertifikat+ukjent.nb.${hash(ref)}.json`)).status).toBe(404);
  expect((await hent(`felles+felles.nb.${hash(ref)}.json`)).status).toBe(404);
});

it("sidens Link-hode forhåndslaster rutenes tekstfiler, ikke rotens (den står i head)", async () => {
  const request = new Request("http://x/", { headers: { "Accept-Language": "en" } });
  const rot = await fellesRef(request);
  const foreldre = await tekster(request, "importmelding", "kodeverk");
  const side = await tekster(request, "validering");
  expect(
    tekstlenker({ root: rot, "routes/a": foreldre, "routes/a.b": side, "routes/c": null, "routes/d": {} }),
  ).toBe(
    `<${fellesUrl(foreldre.tekster)}>; rel=preload; as=fetch; crossorigin, ` +
      `<${fellesUrl(side.tekster)}>; rel=preload; as=fetch; crossorigin`,
  );
  expect(tekstlenker({ root: rot })).toBeUndefined();
});

it("skallets fil navngir hver rutes fil, den rutens loader navngir (ADR 080)", async () => {
  const request = new Request("http://x/", { headers: { "Accept-Language": "nn" } });
  const filer = rutefiler("nn");
  expect(Object.keys(filer)).toEqual(Object.keys(RUTETEKSTER));
  for (const id of Object.keys(RUTETEKSTER) as (keyof typeof RUTETEKSTER)[]) {
    expect(filer[id]).toBe((await ruteTekster(request, id)).tekster.fil);
  }
  expect(filer["routes/importmeldinger"]).toMatch(/^importmelding\+kodeverk\.nn\.[\w-]{12}$/);
  // a namespace the page adds at times names another file (fetched after the data, as before)
  expect((await ruteTekster(request, "routes/sertifikat", "validering")).tekster.fil).toMatch(
    /^sertifikat\+validering\.nn\./,
  );
  expect(JSON.parse(fellesfil("nn").json).filer).toEqual(filer);
});

it("hver rute i tabellen finnes og navngir sin egen id, og hver rute som navngir en id, navngir sin egen", () => {
  for (const id of Object.keys(RUTETEKSTER)) expect(existsSync(`app/${id}.tsx`), id).toBe(true);
  const navngir = readdirSync("app/routes")
    .filter((f) => f.endsWith(".tsx"))
    .flatMap((f) =>
      [...readFileSync(`app/routes/${f}`, "utf8").matchAll(/ruteTekster\(\s*request,\s*"([^"]+)"/g)].map(
        (m) => [`routes/${f.replace(/\.tsx$/, "")}`, m[1]],
      ),
    );
  expect(navngir.length).toBeGreaterThanOrEqual(Object.keys(RUTETEKSTER).length);
  expect(navngir.filter(([rute, id]) => rute !== id)).toEqual([]);
  expect(new Set(navngir.map(([rute]) => rute))).toEqual(new Set(Object.keys(RUTETEKSTER)));
});
