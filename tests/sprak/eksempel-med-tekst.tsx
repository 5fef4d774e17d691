// The text tests/sprak/tekst-i-app.test.ts must find (its test of itself): one of each kind, and what it must
// leave alone (message ids, t() arguments, class names, empty alt). Not part of the app.
const t = (id: string) => id;
const n = 2;
const ok = true;
export function Eksempel() {
  return (
    <nav className="ikke-tekst" title="Hjelp" aria-label="Hovedmeny">
      Logg inn
      <img src="/a.png" alt="" />
      {ok ? "Ja" : "Nei"}
      {`Side ${n}`}
      {t("felles.loggUt")}
      <Felt etikett="Navn" valg={[{ verdi: "x", tekst: "Bokmål i et objekt" }]} />
      <Felt etikett="felles.loggInn" valg={[]} />
    </nav>
  );
}
function Felt(_: { etikett: string; valg: Array<{ verdi: string; tekst: string }> }) {
  return null;
}
export const meta = () => [{ title: "Tittel – Digital forhåndsmelding" }];
export const handle = { brodsmule: "Hjelp" };
