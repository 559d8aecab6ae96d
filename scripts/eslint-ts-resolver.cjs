// ESLint import resolver (interface v2) for the folder ranks of eslint.config.js: TypeScript sources import each
// other with .js specifiers (NodeNext style), which Node's resolver cannot map to the .ts file on disk.
const { existsSync, statSync } = require('node:fs')
const { builtinModules } = require('node:module')
const { dirname, resolve } = require('node:path')

const isFile = (p) => existsSync(p) && statSync(p).isFile()

exports.interfaceVersion = 2

exports.resolve = (source, file) => {
  if (source.startsWith('node:') || builtinModules.includes(source)) return { found: true, path: null }
  if (!source.startsWith('.')) {
    try {
      return { found: true, path: require.resolve(source, { paths: [dirname(file)] }) }
    } catch {
      return { found: false }
    }
  }
  const base = resolve(dirname(file), source)
  const stem = base.replace(/\.(c|m)?jsx?$/, '')
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}/index.ts`, `${base}/index.tsx`, `${base}.ts`]) {
    if (isFile(candidate)) return { found: true, path: candidate }
  }
  return { found: false }
}
