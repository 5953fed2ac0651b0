// XML for KML: no entity expansion (KML needs no DTD, and entities are how XML bombs and SYSTEM reads work),
// bounded nesting, and tag names like __proto__ kept away from object prototypes by fast-xml-parser (>= 5.7).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FileParseError } from './file-errors';

export const MAX_XML_DEPTH = 100;

export type XmlValue = string | XmlNode | XmlValue[];
export interface XmlNode {
  [tag: string]: XmlValue;
}

const ARRAY_TAGS = new Set(['GroundOverlay', 'Placemark', 'Folder', 'Document', 'Point', 'coordinates']);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH,
  isArray: (tagName) => ARRAY_TAGS.has(tagName),
});

/** KML worth reading as a basemap or inspection file is far smaller; beyond these a full parse costs seconds and
 * hundreds of megabytes (a 31.8 MB KML of 200,000 overlays took 30 s and 756 MB), so it is refused before parsing. */
export const XML_LIMITS = { maxChars: 16 * 1024 * 1024, maxElements: 100_000 };

/** Counts start tags (`<` followed by a name) up to `limit + 1`: a linear scan, no parse. */
function countElements(text: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf('<'); at >= 0 && count <= limit; at = text.indexOf('<', at + 1)) {
    const next = text.charCodeAt(at + 1);
    // A name starts with a letter, '_' or ':' (ASCII is enough to count; '/', '!' and '?' are not elements).
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122) || next === 95 || next === 58 || next > 127) count++;
  }
  return count;
}

const lineCount = (text: string) => {
  const body = text.replace(/\s+$/, '');
  let lines = 1;
  for (let at = body.indexOf('\n'); at >= 0; at = body.indexOf('\n', at + 1)) lines++;
  return lines;
};

/**
 * The validator reports a cut-off file as elements left open ("Invalid '[ "kml", ... ]' found" at line 1) or as a
 * broken tag on the last line; either way the useful fact is where the file ends.
 */
function truncationMessage(
  text: string,
  err: { code: string; msg: string; line: number },
  what: string,
): string | null {
  const last = lineCount(text);
  const open =
    err.code === 'InvalidXml' && err.msg.startsWith("Invalid '[")
      ? [...err.msg.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)
      : null;
  if (!open && err.line < last) return null;
  const innermost = open?.at(-1);
  return `${what} ends early, at line ${last}${innermost ? `, inside <${innermost}>` : ''}: it seems to be cut off. Please choose the complete file.`;
}

/** Parses XML text into plain objects; a user-facing error when it is not well-formed. `what` names the file. */
export function parseXml(text: string, what: string, limits = XML_LIMITS): XmlNode {
  if (text.trim() === '') throw new FileParseError(`${what} is empty.`);
  if (text.length > limits.maxChars) {
    throw new FileParseError(
      `${what} is too large to read (${(text.length / 1048576).toFixed(1)} MB; at most ${limits.maxChars / 1048576} MB).`,
    );
  }
  if (countElements(text, limits.maxElements) > limits.maxElements) {
    throw new FileParseError(
      `${what} has more than ${limits.maxElements.toLocaleString('en-US')} XML elements, more than a basemap or inspection file needs; it was not read.`,
    );
  }
  if (/<!ENTITY/i.test(text))
    throw new FileParseError(`${what} declares XML entities, which KML does not use; it was not read.`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new FileParseError(
      truncationMessage(text, valid.err, what) ??
        `${what} is not valid XML (line ${valid.err.line}: ${valid.err.msg}).`,
    );
  }
  try {
    return parser.parse(text) as XmlNode;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // fast-xml-parser refuses names such as __proto__ outright; say so in words rather than with its [SECURITY] text.
    if (/prototype pollution|reserved/i.test(message))
      throw new FileParseError(`${what} uses a reserved tag name (such as __proto__) and was not read.`);
    throw new FileParseError(`${what} could not be read: ${message}`);
  }
}

export const asArray = (v: XmlValue | undefined): XmlValue[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
export const isNode = (v: XmlValue | undefined): v is XmlNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of a child element ('' when absent); CDATA is already merged into text. */
export function childText(node: XmlNode, tag: string): string {
  const v = asArray(Object.hasOwn(node, tag) ? node[tag] : undefined)[0];
  if (typeof v === 'string') return v;
  if (isNode(v) && typeof v['#text'] === 'string') return v['#text'];
  return '';
}

export function child(node: XmlNode, tag: string): XmlNode | null {
  const v = asArray(Object.hasOwn(node, tag) ? node[tag] : undefined)[0];
  return isNode(v) ? v : null;
}

/** Every element named `tag` anywhere below `root`, in document order (depth is bounded by the parser). */
export function findAll(root: XmlValue, tag: string, out: XmlNode[] = []): XmlNode[] {
  if (Array.isArray(root)) {
    for (const v of root) findAll(v, tag, out);
  } else if (isNode(root)) {
    for (const key of Object.keys(root)) {
      const v = root[key]!;
      if (key === tag)
        for (const item of asArray(v)) {
          if (isNode(item)) out.push(item);
          else if (item === '') out.push({});
        }
      else findAll(v, tag, out);
    }
  }
  return out;
}
