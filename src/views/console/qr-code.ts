// A QR code as an inline <svg> (the console's CSP allows no script and no inline style, and an <img> of a data: URL
// would need img-src data:). The markup comes from the qrcode package, never from input.
import QRCode from 'qrcode';
import { type Html, trusted } from '../html.ts';

export async function qrSvg(text: string, label: string): Promise<Html> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  const safeLabel = label.replace(/[&<>"']/g, '');
  return trusted(svg.replace('<svg ', `<svg width="220" height="220" role="img" aria-label="${safeLabel}" `));
}
