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

/** Parses XML text into plain objects; a user-facing error when it is not well-formed. `what` names the file. */
export function parseXml(text: string, what: string): XmlNode {
  if (text.trim() === '') throw new FileParseError(`${what} is empty.`);
  if (/<!ENTITY/i.test(text)) throw new FileParseError(`${what} declares XML entities, which KML does not use; it was not read.`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new FileParseError(`${what} is not valid XML (line ${valid.err.line}: ${valid.err.msg}).`);
  }
  try {
    return parser.parse(text) as XmlNode;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // fast-xml-parser refuses names such as __proto__ outright; say so in words rather than with its [SECURITY] text.
    if (/prototype pollution|reserved/i.test(message)) throw new FileParseError(`${what} uses a reserved tag name (such as __proto__) and was not read.`);
    throw new FileParseError(`${what} could not be read: ${message}`);
  }
}

export const asArray = (v: XmlValue | undefined): XmlValue[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
export const isNode = (v: XmlValue | undefined): v is XmlNode => typeof v === 'object' && v !== null && !Array.isArray(v);

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
      if (key === tag) for (const item of asArray(v)) {
        if (isNode(item)) out.push(item);
        else if (item === '') out.push({});
      }
      else findAll(v, tag, out);
    }
  }
  return out;
}
