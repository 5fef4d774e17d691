/** /importmelding/{id}: the layout's routing rules send every notification to its landing page. */
export default function ImportmeldingIndeks() {
  return null;
}
