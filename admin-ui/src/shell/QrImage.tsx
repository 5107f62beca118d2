import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';

/** A text as a QR code's SVG data address (`null` while it is drawn, or when it cannot be). */
export const useQrSource = (text: string): string | null => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return src;
};
