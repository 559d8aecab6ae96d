// Rewrites n8n-waha-node.properties.json: the WAHA n8n node's properties as @devlikeapro/n8n-openapi-node builds them.
// Run where the package resolves (a devDependency, or NODE_PATH=<dir with it>:node_modules): npx tsx <this file>
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { buildNodeProperties, NODE_PACKAGE, SNAPSHOT, type BuilderPackage } from './n8n-waha-node.js'

const require = createRequire(import.meta.url)
const built = buildNodeProperties(require(NODE_PACKAGE) as BuilderPackage, (require('lodash') as { startCase: (s: string) => string }).startCase)
writeFileSync(SNAPSHOT, `${JSON.stringify(built, null, 1)}\n`)
console.log(`${built.length} properties written to ${SNAPSHOT.pathname}`)
