// ESLint rule `repository/comment-references`: a comment points at code and documents that are in this
// repository. It reports a file name that exists nowhere in the tree, an ADR or a migration number that
// has no file, and references to documents kept outside it (the product's design documents, the tracker's
// issue numbers): say the rule itself, or point at the README, ADR or code that holds it. Build outputs
// (dist/...) are named as they will be.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git']);

/** Every file name and repository-relative path of the tree, read once per lint run. */
let tree;
function repositoryTree() {
  if (tree) return tree;
  tree = { names: new Set(), paths: new Set() };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        tree.names.add(entry.name);
        tree.paths.add(path.relative(root, file).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  return tree;
}

const OUTSIDE_DOCUMENTS = [
  { pattern: /\bspec(?:ification)?\b(?!-)/i, what: 'the front-end spec' },
  { pattern: /\bbrief\b/i, what: 'the product brief' },
  { pattern: /\bEXAMPLES\.md\b/, what: 'EXAMPLES.md' },
  { pattern: /\bissues? \d+/i, what: 'an issue of the tracker' },
  { pattern: /\bengineer [A-Z]\b/, what: 'who wrote it' },
];
const FILE_REFERENCE =
  /(?<![\w/:.@-])((?:\.{1,2}\/)?[\w@][\w@.[\]/-]*\.(?:md|ts|tsx|mjs|js|sql|css|html|json|txt))(?![\w/-])/g;

function fileExists(reference, filename) {
  if (reference.includes('*') || reference.includes('[') || reference.startsWith('dist/')) return true;
  const { names, paths } = repositoryTree();
  const clean = reference.replace(/^\.\//, '');
  if (paths.has(clean) || names.has(path.basename(clean))) return true;
  if (existsSync(path.resolve(path.dirname(filename), reference))) return true;
  // A path written from a folder of the tree ("lists/resource.ts", "db/migrations/0001_init.sql").
  return [...paths].some((p) => p.endsWith(`/${clean}`));
}

function numberedFileExists(dir, prefix) {
  return readdirSync(path.join(root, dir)).some((name) => name.startsWith(prefix));
}

/** @type {import('eslint').Rule.RuleModule} */
const commentReferences = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments refer to code and documents that are in the repository.' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value;
          const problems = [];
          for (const { pattern, what } of OUTSIDE_DOCUMENTS) {
            if (pattern.test(text)) problems.push(`refers to ${what}, which is not in the repository`);
          }
          for (const match of text.matchAll(FILE_REFERENCE)) {
            if (match[1].includes('://')) continue;
            if (!fileExists(match[1], filename)) problems.push(`names ${match[1]}, which is not in the repository`);
          }
          for (const match of text.matchAll(/\bADRs? (\d{4})\b/g)) {
            if (!numberedFileExists('docs/decisions', `${match[1]}-`))
              problems.push(`names ADR ${match[1]}, which does not exist`);
          }
          for (const match of text.matchAll(/\bmigrations? (\d{4})\b/gi)) {
            if (!numberedFileExists('server/db/migrations', `${match[1]}_`))
              problems.push(`names migration ${match[1]}, which does not exist`);
          }
          for (const message of problems) context.report({ loc: comment.loc, message: `This comment ${message}.` });
        }
      },
    };
  },
};

export default { rules: { 'comment-references': commentReferences } };
