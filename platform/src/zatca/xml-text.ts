/** Text helpers for writing XML exactly as C14N would render it (so our own output is canonical). */

/** Escapes character data the way inclusive C14N renders it (&, <, > escaped; nothing else). */
export function escapeText(value: string): string {
  return value.replace(/[&<>\r]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#xD;',
  );
}

/** Escapes an attribute value the way inclusive C14N renders it. */
export function escapeAttr(value: string): string {
  return value.replace(/[&<"\t\n\r]/g, (c) =>
    c === '&'
      ? '&amp;'
      : c === '<'
        ? '&lt;'
        : c === '"'
          ? '&quot;'
          : c === '\t'
            ? '&#x9;'
            : c === '\n'
              ? '&#xA;'
              : '&#xD;',
  );
}

/** Decodes the five predefined entities and numeric references (for values read back by regex). */
export function unescapeXml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_m, e: string) => {
    switch (e) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    }
  });
}
