// The site map's key of source icons (spec 3 §2 'Source icons are chosen by category'): the categories of the site's
// sources with their glyphs, folded until opened.
import type { SiteSource } from '@/contracts/site-dashboard';
import { categoriesPresent, glyphOf, GLYPH_SIZE } from '@/entities/site/source-icons';

export function SourceIconGlyph({ categoryId }: { categoryId: number | null }) {
  const glyph = glyphOf(categoryId);
  return (
    <svg viewBox={`-4 -4 ${GLYPH_SIZE + 8} ${GLYPH_SIZE + 8}`} className="inline-block h-5 w-5" aria-hidden="true">
      <circle cx={GLYPH_SIZE / 2} cy={GLYPH_SIZE / 2} r={GLYPH_SIZE / 2 + 3} fill="#475569" />
      <path d={glyph.stroke} fill="none" stroke="#fff" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
      {glyph.fill && <path d={glyph.fill} fill="#fff" />}
    </svg>
  );
}

export function SourceCategoryLegend({ sources }: { sources: readonly SiteSource[] }) {
  const categories = categoriesPresent(sources.filter((s) => !s.deleted));
  if (categories.length === 0) return null;
  return (
    <details className="mt-1 text-xs text-base-content/80">
      <summary className="cursor-pointer select-none">{`Source icons (${categories.length} ${categories.length === 1 ? 'category' : 'categories'} at this site)`}</summary>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1" aria-label="Source categories at this site">
        {categories.map((c) => (
          <li key={c.id ?? 'none'} className="flex items-center gap-1">
            <SourceIconGlyph categoryId={c.id} />
            {c.name}
          </li>
        ))}
      </ul>
    </details>
  );
}
