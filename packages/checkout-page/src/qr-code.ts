// The QR rail's code: the collection's action_url, drawn as an SVG the payer scans with their
// banking or wallet app (uqr encodes it; the drawing is built as DOM nodes, never as markup).
import { encode } from 'uqr';
import { svg } from './dom.ts';

/** A quiet zone of 4 modules, as the QR specification asks for reliable scanning. */
const quietZoneModules = 4;

export function qrCodeSvg(text: string, label: string): SVGSVGElement {
  const qr = encode(text, { ecc: 'M', border: quietZoneModules });
  // One path of unit squares, one per dark module: small and crisp at any size.
  let d = '';
  qr.data.forEach((row, y) => row.forEach((dark, x) => { if (dark) d += `M${x} ${y}h1v1h-1z`; }));
  const size = String(qr.size);
  return svg('svg', {
    viewBox: `0 0 ${size} ${size}`,
    role: 'img',
    'aria-label': label,
    class: 'qr-code',
    'shape-rendering': 'crispEdges',
  }, svg('rect', { width: size, height: size, fill: '#fff' }), svg('path', { d, fill: '#000' }));
}
