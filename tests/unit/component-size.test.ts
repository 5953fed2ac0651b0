// Issue 21 item 6: no component function over 150 lines. A component is a function (declaration, arrow or function
// expression) whose name starts with a capital letter in a .tsx file under src/; its size is the number of lines it
// spans that hold code (blank and comment-only lines do not count). State goes into hooks, chart options and map
// layers into pure builders.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const MAX_LINES = 150;

function tsxFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.tsx'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Lines of a piece of source that hold code. */
function codeLines(text: string): number {
  return text.split('\n').filter((line) => line.trim() !== '' && !/^\s*(\/\/|\/\*|\*)/.test(line)).length;
}

/** Every component function of a .tsx source with its size in code lines. */
function componentSizes(fileName: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    let name: string | undefined;
    let fn: ts.Node | undefined;
    if (ts.isFunctionDeclaration(node) && node.name && node.body) {
      name = node.name.text;
      fn = node;
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      name = node.name.text;
      fn = node.initializer;
    }
    if (name && fn && /^[A-Z]/.test(name))
      found.push({ name, lines: codeLines(text.slice(fn.getStart(source), fn.getEnd())) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('component size', () => {
  it('measures a component by its code lines, comments and blank lines aside', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = `// a comment\nexport function Widget() {\n${body}\n\n  // why\n  return <div />;\n}\nconst small = () => 1;\nconst Arrow = () => {\n  return null;\n};\n`;
    expect(componentSizes('x.tsx', text)).toEqual([
      { name: 'Widget', lines: 8 },
      { name: 'Arrow', lines: 3 },
    ]);
  });

  const sizes = tsxFiles('src').flatMap((file) =>
    componentSizes(file, readFileSync(path.join(root, file), 'utf8')).map((c) => ({ key: `${file} ${c.name}`, ...c })),
  );

  it(`has no component function over ${MAX_LINES} lines`, () => {
    expect(sizes.length).toBeGreaterThan(100);
    const over = sizes.filter((c) => c.lines > MAX_LINES).map((c) => `${c.key}: ${c.lines} lines`);
    expect(over).toEqual([]);
  });
});
