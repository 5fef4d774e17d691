/** Unknown subpages: the layout's routing rules redirect them before this renders. */
export default function UkjentSide() {
  return null;
}
